import Dispatch
import Foundation
import Synchronization
import Testing
@testable import Capture

@Suite("Bounded queue")
struct BoundedQueueTests {
    @Test("drops oldest frame when full")
    func dropsOldestWhenFull() {
        let queue = BoundedQueue<Int>(capacity: 2, policy: .dropOldest)
        #expect(queue.push(1) == nil)
        #expect(queue.push(2) == nil)
        #expect(queue.push(3) == 1)
        #expect(queue.droppedCount == 1)
        #expect(queue.depth == 2)
        #expect(queue.pop()?.element == 2)
        #expect(queue.pop()?.element == 3)
    }

    @Test("blocks when full until popped")
    func blocksWhenFull() {
        let queue = BoundedQueue<Int>(capacity: 1, policy: .block)
        queue.push(1)
        let pushed = Atomic(false)
        let finished = DispatchSemaphore(value: 0)
        startThread {
            queue.push(2)
            pushed.store(true, ordering: .sequentiallyConsistent)
            finished.signal()
        }
        #expect(finished.wait(timeout: .now() + .milliseconds(100)) == .timedOut)
        let pushedWhileFull = pushed.load(ordering: .sequentiallyConsistent)
        #expect(!pushedWhileFull)
        #expect(queue.pop()?.element == 1)
        #expect(finished.wait(timeout: .now() + .seconds(10)) == .success)
        let pushedAfterPop = pushed.load(ordering: .sequentiallyConsistent)
        #expect(pushedAfterPop)
        #expect(queue.pop()?.element == 2)
        #expect(queue.droppedCount == 0)
    }

    @Test("numbers popped elements 0, 1, 2, … without gaps, even after drops")
    func ticketsAreContiguous() {
        let queue = BoundedQueue<Int>(capacity: 2, policy: .dropOldest)
        var tickets: [UInt64] = []
        for value in 0..<20 {
            queue.push(value)
            if value % 3 == 0, let popped = queue.pop() {
                tickets.append(popped.ticket)
            }
        }
        queue.close()
        while let popped = queue.pop() {
            tickets.append(popped.ticket)
        }
        #expect(tickets == (0..<UInt64(tickets.count)).map { $0 })
        #expect(queue.droppedCount > 0)
    }

    @Test("close wakes a blocked pop")
    func closeWakesPop() {
        let queue = BoundedQueue<Int>(capacity: 2, policy: .block)
        let result = Mutex<BoundedQueue<Int>.Dequeued??>(nil)
        let finished = DispatchSemaphore(value: 0)
        startThread {
            let popped = queue.pop()
            result.withLock { $0 = .some(popped) }
            finished.signal()
        }
        #expect(finished.wait(timeout: .now() + .milliseconds(50)) == .timedOut)
        queue.close()
        #expect(finished.wait(timeout: .now() + .seconds(10)) == .success)
        let popped = result.withLock { $0 }
        #expect(popped != nil)
        #expect(popped??.element == nil)
    }

    @Test("close wakes a blocked push, which gets its element back")
    func closeWakesPush() {
        let queue = BoundedQueue<Int>(capacity: 1, policy: .block)
        queue.push(1)
        let refused = Mutex<Int?>(nil)
        let finished = DispatchSemaphore(value: 0)
        startThread {
            let element = queue.push(2)
            refused.withLock { $0 = element }
            finished.signal()
        }
        #expect(finished.wait(timeout: .now() + .milliseconds(50)) == .timedOut)
        queue.close()
        #expect(finished.wait(timeout: .now() + .seconds(10)) == .success)
        let refusedElement = refused.withLock { $0 }
        #expect(refusedElement == 2)
    }

    @Test("refuses pushes after close but still hands out queued elements")
    func drainsAfterClose() {
        let queue = BoundedQueue<String>(capacity: 3, policy: .dropOldest)
        queue.push("a")
        queue.push("b")
        queue.close()
        #expect(queue.isClosed)
        #expect(queue.push("c") == "c")
        #expect(queue.pop()?.element == "a")
        #expect(queue.pop()?.element == "b")
        #expect(queue.pop() == nil)
        #expect(queue.droppedCount == 0)
    }

    @Test("records the high-water mark of its depth")
    func maxDepth() {
        let queue = BoundedQueue<Int>(capacity: 4, policy: .block)
        #expect(queue.maxDepth == 0)
        queue.push(1)
        queue.push(2)
        queue.push(3)
        _ = queue.pop()
        _ = queue.pop()
        queue.push(4)
        #expect(queue.depth == 2)
        #expect(queue.maxDepth == 3)
    }

    @Test("raises a capacity below one to one")
    func minimumCapacity() {
        let queue = BoundedQueue<Int>(capacity: 0, policy: .dropOldest)
        #expect(queue.capacity == 1)
        queue.push(1)
        #expect(queue.push(2) == 1)
    }

    @Test("delivers every element exactly once to several consumers when blocking")
    func manyProducersAndConsumers() {
        let queue = BoundedQueue<Int>(capacity: 2, policy: .block)
        let received = Mutex<[(UInt64, Int)]>([])
        let group = DispatchGroup()
        for _ in 0..<3 {
            group.enter()
            startThread {
                while let popped = queue.pop() {
                    received.withLock { $0.append((popped.ticket, popped.element)) }
                }
                group.leave()
            }
        }
        let producers = DispatchGroup()
        for producer in 0..<2 {
            producers.enter()
            startThread {
                for value in 0..<500 {
                    queue.push(producer * 1000 + value)
                }
                producers.leave()
            }
        }
        #expect(producers.wait(timeout: .now() + .seconds(30)) == .success)
        queue.close()
        #expect(group.wait(timeout: .now() + .seconds(30)) == .success)
        let all = received.withLock { $0 }
        #expect(all.map(\.0).sorted() == (0..<1000).map { UInt64($0) })
        #expect(Set(all.map(\.1)) == Set((0..<500).map { $0 } + (0..<500).map { 1000 + $0 }))
        #expect(queue.maxDepth <= 2)
        #expect(queue.droppedCount == 0)
    }
}

/// Runs `body` on a dedicated thread, so that blocking in the queue cannot starve a shared pool.
private func startThread(_ body: @escaping @Sendable () -> Void) {
    Thread(block: body).start()
}
