extension CorpusManifest {
    /// A streaming SHA-256 hash (FIPS 180-4), so the manifest can be checked without a crypto library.
    ///
    /// Foundation has no hashing on Linux and the package takes no dependencies, so the corpus
    /// checksums are computed here. It is nested under ``CorpusManifest`` so it never clashes with
    /// `Crypto.SHA256` or `CryptoKit.SHA256` in a file that imports both.
    ///
    /// ```swift
    /// var hasher = CorpusManifest.SHA256()
    /// hasher.update(Array("abc".utf8))
    /// let hex = CorpusManifest.SHA256.hex(hasher.finalize())
    /// ```
    public struct SHA256: Sendable {
        private static let roundConstants: [UInt32] = [
            0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
            0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
            0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
            0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
            0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
            0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
            0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
            0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
        ]

        private static let blockSize = 64

        private var state: [UInt32] = [
            0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
        ]
        private var pending: [UInt8] = []
        private var byteCount: UInt64 = 0
        private var schedule = [UInt32](repeating: 0, count: 64)

        /// Creates a hash of no bytes.
        public init() {
            pending.reserveCapacity(Self.blockSize)
        }

        /// Adds bytes to the hashed message.
        ///
        /// - Complexity: O(n) in the number of bytes.
        /// - Parameter bytes: The next bytes of the message.
        public mutating func update(_ bytes: UnsafeRawBufferPointer) {
            byteCount &+= UInt64(bytes.count)
            var index = 0
            if !pending.isEmpty {
                let take = min(Self.blockSize - pending.count, bytes.count)
                pending.append(contentsOf: bytes[0..<take])
                index = take
                if pending.count == Self.blockSize {
                    let block = pending
                    block.withUnsafeBytes { compress($0) }
                    pending.removeAll(keepingCapacity: true)
                }
            }
            while bytes.count - index >= Self.blockSize {
                compress(UnsafeRawBufferPointer(rebasing: bytes[index..<(index + Self.blockSize)]))
                index += Self.blockSize
            }
            pending.append(contentsOf: bytes[index...])
        }

        /// Adds bytes to the hashed message.
        /// - Parameter bytes: The next bytes of the message.
        public mutating func update(_ bytes: [UInt8]) {
            bytes.withUnsafeBytes { update($0) }
        }

        /// Returns the 32-byte digest of every byte added so far; the hash itself is left unchanged.
        /// - Returns: The 32-byte digest of everything given to ``update(_:)-([UInt8])``.
        public func finalize() -> [UInt8] {
            var copy = self
            let bitLength = byteCount &* 8
            var tail = pending
            tail.append(0x80)
            while tail.count % Self.blockSize != Self.blockSize - 8 {
                tail.append(0)
            }
            for shift in stride(from: 56, through: 0, by: -8) {
                tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
            }
            tail.withUnsafeBytes { bytes in
                var index = 0
                while index < bytes.count {
                    copy.compress(UnsafeRawBufferPointer(rebasing: bytes[index..<(index + Self.blockSize)]))
                    index += Self.blockSize
                }
            }
            var digest: [UInt8] = []
            digest.reserveCapacity(32)
            for word in copy.state {
                digest += [
                    UInt8(truncatingIfNeeded: word >> 24), UInt8(truncatingIfNeeded: word >> 16),
                    UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word),
                ]
            }
            return digest
        }

        /// Returns the digest of `bytes`.
        /// - Parameter bytes: A whole message.
        /// - Returns: Its 32-byte digest.
        public static func hash(_ bytes: [UInt8]) -> [UInt8] {
            var hasher = SHA256()
            hasher.update(bytes)
            return hasher.finalize()
        }

        /// Returns a digest as lower-case hexadecimal, the way `sha256sum` prints it.
        /// - Parameter digest: Bytes.
        /// - Returns: The bytes in lower-case hex.
        public static func hex(_ digest: [UInt8]) -> String {
            let digits = Array("0123456789abcdef".utf8)
            var text: [UInt8] = []
            text.reserveCapacity(digest.count * 2)
            for byte in digest {
                text.append(digits[Int(byte >> 4)])
                text.append(digits[Int(byte & 0x0f)])
            }
            return String(decoding: text, as: UTF8.self)
        }

        private mutating func compress(_ block: UnsafeRawBufferPointer) {
            for t in 0..<16 {
                schedule[t] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: t * 4, as: UInt32.self))
            }
            for t in 16..<64 {
                let w15 = schedule[t - 15]
                let w2 = schedule[t - 2]
                let s0 = w15.rotatedRight(7) ^ w15.rotatedRight(18) ^ (w15 >> 3)
                let s1 = w2.rotatedRight(17) ^ w2.rotatedRight(19) ^ (w2 >> 10)
                schedule[t] = schedule[t - 16] &+ s0 &+ schedule[t - 7] &+ s1
            }
            var a = state[0]
            var b = state[1]
            var c = state[2]
            var d = state[3]
            var e = state[4]
            var f = state[5]
            var g = state[6]
            var h = state[7]
            for t in 0..<64 {
                let sum1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
                let choice = (e & f) ^ (~e & g)
                let temp1 = h &+ sum1 &+ choice &+ Self.roundConstants[t] &+ schedule[t]
                let sum0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
                let majority = (a & b) ^ (a & c) ^ (b & c)
                let temp2 = sum0 &+ majority
                h = g
                g = f
                f = e
                e = d &+ temp1
                d = c
                c = b
                b = a
                a = temp1 &+ temp2
            }
            state[0] &+= a
            state[1] &+= b
            state[2] &+= c
            state[3] &+= d
            state[4] &+= e
            state[5] &+= f
            state[6] &+= g
            state[7] &+= h
        }
    }
}

extension UInt32 {
    fileprivate func rotatedRight(_ count: UInt32) -> UInt32 {
        (self >> count) | (self << (32 - count))
    }
}
