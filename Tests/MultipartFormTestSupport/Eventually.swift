import Foundation
import MultipartFormSystem

/// Whether `condition` holds within `seconds`, checked every few milliseconds: how a test waits for
/// something another thread or process does (a server accepting a connection, a pipe filling up),
/// instead of a fixed sleep that a loaded machine outlasts.
package func eventually(within seconds: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while true {
        if condition() { return true }
        if ContinuousClock.now >= deadline { return false }
        CurrentThread.sleep(microseconds: 5_000)
    }
}
