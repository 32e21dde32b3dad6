import Foundation
import SystemPackage
import Testing
import SystemCalls

@Suite("System calls swift-system does not wrap: EINTR retried, failures as Errno")
struct SystemCallTests {
    @Test("a call interrupted twice is called again until it succeeds")
    func retriesInterrupts() throws {
        var calls = 0
        let result = try SystemCall.retryingInterrupts { () -> Int32 in
            calls += 1
            if calls < 3 { errno = EINTR; return -1 }
            return 7
        }
        #expect(result == 7)
        #expect(calls == 3)
    }

    @Test("another failure is thrown as its Errno at once")
    func throwsErrno() {
        var calls = 0
        #expect(throws: Errno.noSuchFileOrDirectory) {
            try SystemCall.retryingInterrupts { () -> Int32 in
                calls += 1
                errno = ENOENT
                return -1
            }
        }
        #expect(calls == 1)
    }

    @Test("a call returning its error number: EINTR retried, others thrown as Errno")
    func errorNumbers() throws {
        var codes: [Int32] = [EINTR, EINTR, 0]
        try SystemCall.retryingInterruptsReturningErrorNumber { codes.removeFirst() }
        #expect(codes.isEmpty)
        #expect(throws: Errno.invalidArgument) {
            try SystemCall.retryingInterruptsReturningErrorNumber { EINVAL }
        }
    }
}
