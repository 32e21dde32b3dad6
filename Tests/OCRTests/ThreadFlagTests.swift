import Foundation
import Synchronization
import Testing
@testable import OCR

@Suite("ThreadFlag")
struct ThreadFlagTests {
    @Test("is set inside the body only, and nesting restores it")
    func setInsideTheBodyOnly() {
        let flag = ThreadFlag()
        #expect(!flag.isSet)
        let states = flag.whileSet { () -> [Bool] in
            let nested = flag.whileSet { flag.isSet }
            return [flag.isSet, nested, flag.isSet]
        }
        #expect(states == [true, true, true])
        #expect(!flag.isSet)
    }

    @Test("is not set on another thread while one thread is inside the body")
    func notSetOnOtherThreads() {
        let flag = ThreadFlag()
        let seenElsewhere = flag.whileSet { () -> Bool in
            let done = DispatchSemaphore(value: 0)
            let seen = Mutex(true)
            Thread {
                seen.withLock { $0 = flag.isSet }
                done.signal()
            }.start()
            done.wait()
            return seen.withLock { $0 }
        }
        #expect(!seenElsewhere)
    }

    @Test("is restored when the body throws")
    func restoredWhenTheBodyThrows() {
        struct Failure: Error {}
        let flag = ThreadFlag()
        #expect(throws: Failure.self) { try flag.whileSet { () throws(Failure) in throw Failure() } }
        #expect(!flag.isSet)
    }
}
