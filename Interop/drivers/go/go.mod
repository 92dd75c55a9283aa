module interop/gomultipart

go 1.19
