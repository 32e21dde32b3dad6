import Synchronization

/// The answer a test server gives, changeable while the server runs.
final class SwitchableAnswer: Sendable {
    private let answer: Mutex<TestAnswer>

    init(_ answer: TestAnswer) {
        self.answer = Mutex(answer)
    }

    func set(_ answer: TestAnswer) {
        self.answer.withLock { $0 = answer }
    }

    @Sendable func route(_ path: String) -> TestAnswer {
        answer.withLock { $0 }
    }
}
