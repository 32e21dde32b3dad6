import Foundation
import Synchronization
import Testing
@testable import OCR

@Suite("OCRWorkerPool")
struct OCRWorkerPoolTests {
    @Test("every job is processed exactly once across workers, each with its own engine")
    func processesEveryJobOnce() throws {
        let image = try PGMFixture(named: "two-lines.pgm")
        let jobs = Mutex(Array(0..<8))
        let results = Mutex<[Int: String]>([:])
        let engines = Mutex<Set<ObjectIdentifier>>([])
        let pool = try OCRWorkerPool.start(
            workerCount: 2, configuration: OCRConfiguration(),
            next: { jobs.withLock { $0.popLast() } },
            process: { engine, job in
                engines.withLock { _ = $0.insert(ObjectIdentifier(engine)) }
                let text = (try? engine.recognize(luma: image.pixels, width: image.width, height: image.height, stride: image.width))?
                    .map(\.text).joined(separator: "|") ?? "failed"
                results.withLock { $0[job] = text }
            })
        pool.waitUntilFinished()
        let all = results.withLock { $0 }
        #expect(all.keys.sorted() == Array(0..<8))
        #expect(Set(all.values) == ["Coffee beans|Price 12.99"])
        #expect(engines.withLock { $0.count } <= 2)
        #expect(pool.initialisationSeconds > 0)
    }

    @Test("a missing model fails start before any job is taken")
    func missingModelFailsStart() {
        let taken = Mutex(0)
        #expect(throws: OCRError.self) {
            _ = try OCRWorkerPool.start(
                workerCount: 2, configuration: OCRConfiguration(tessdataDirectory: "/nonexistent-tessdata"),
                next: { taken.withLock { $0 += 1 }; return nil as Int? },
                process: { _, _ in })
        }
        #expect(taken.withLock { $0 } == 0)
    }
}
