import Foundation
import Testing
@testable import OCR

@Suite("SerialOpenMP")
struct SerialOpenMPTests {
    @Test("takes the place of libgomp's entry points in the process")
    func takesThePlaceOfLibgomp() {
        #expect(SerialOpenMP.isInPlace)
        for name in ["GOMP_parallel_sections", "GOMP_sections_next", "GOMP_sections_end_nowait", "omp_get_num_threads", "omp_get_thread_num"] {
            #expect(dlsym(nil, name) != nil && dlsym(nil, name) != InterposedSymbol(name: name).nextDefinition, "\(name)")
        }
    }

    @Test("runs a parallel region's body once, on the thread that enters it, as thread 0 of a team of one")
    func runsARegionOnTheCallingThread() throws {
        let parallel = unsafeBitCast(try #require(dlsym(nil, "GOMP_parallel")), to: Parallel.self)
        var record = Record()
        parallel({ data in
            guard let record = data?.assumingMemoryBound(to: Record.self) else { return }
            record.pointee.runs += 1
            record.pointee.thread = pthread_self()
            record.pointee.team = Int(OpenMP.threadCount())
            record.pointee.number = Int(OpenMP.threadNumber())
        }, &record, 8, 0)
        #expect(record.runs == 1)
        #expect(record.thread.map { pthread_equal($0, pthread_self()) != 0 } == true)
        #expect(record.team == 1)
        #expect(record.number == 0)
    }

    @Test("hands out each section once and in order, and a construct nested in a section keeps its own")
    func handsOutSectionsInOrder() throws {
        let sections = unsafeBitCast(try #require(dlsym(nil, "GOMP_parallel_sections")), to: ParallelSections.self)
        var taken = Taken()
        withUnsafeMutablePointer(to: &taken) { sections(Self.outerSections, UnsafeMutableRawPointer($0), 4, 3, 0) }
        #expect(taken.sections == ["outer 1", "outer 2", "inner 1", "inner 2", "outer 3"])
        #expect(OpenMP.nextSection() == 0)
    }

    /// A `parallel sections` body as the compiler outlines it: takes sections until none is left;
    /// in its second section, it runs a construct of two sections of its own (``innerSections``).
    private static let outerSections: SerialOpenMP.Body = { data in
        guard let taken = data?.assumingMemoryBound(to: Taken.self) else { return }
        var section = OpenMP.nextSection()
        while section != 0 {
            taken.pointee.sections.append("outer \(section)")
            if section == 2 {
                unsafeBitCast(dlsym(nil, "GOMP_parallel_sections"), to: ParallelSections.self)(innerSections, data, 4, 2, 0)
            }
            section = OpenMP.nextSection()
        }
        OpenMP.endSections()
    }

    private static let innerSections: SerialOpenMP.Body = { data in
        guard let taken = data?.assumingMemoryBound(to: Taken.self) else { return }
        var section = OpenMP.nextSection()
        while section != 0 {
            taken.pointee.sections.append("inner \(section)")
            section = OpenMP.nextSection()
        }
        OpenMP.endSections()
    }

    @Test("Tesseract's reads go through the regions it runs on the calling thread")
    func tesseractsReadsRunRegionsHere() throws {
        let before = SerialOpenMP.regionsRun
        #expect(try PGMFixture.recognizeTwoLines().map(\.text) == PGMFixture.twoLinesText)
        #expect(SerialOpenMP.regionsRun > before)
    }

    private typealias Parallel = @convention(c) (SerialOpenMP.Body, UnsafeMutableRawPointer?, UInt32, UInt32) -> Void
    private typealias ParallelSections = @convention(c) (SerialOpenMP.Body, UnsafeMutableRawPointer?, UInt32, UInt32, UInt32) -> Void

    /// The sections taken, in a struct: `&array` would pass a pointer to the elements instead.
    private struct Taken {
        var sections: [String] = []
    }

    private struct Record {
        var runs = 0
        var thread: pthread_t?
        var team = 0
        var number = -1
    }

    /// The process's OpenMP functions as a compiled region's body reaches them (`dlsym`).
    private enum OpenMP {
        static func threadCount() -> Int32 { unsafeBitCast(dlsym(nil, "omp_get_num_threads"), to: (@convention(c) () -> Int32).self)() }
        static func threadNumber() -> Int32 { unsafeBitCast(dlsym(nil, "omp_get_thread_num"), to: (@convention(c) () -> Int32).self)() }
        static func nextSection() -> UInt32 { unsafeBitCast(dlsym(nil, "GOMP_sections_next"), to: (@convention(c) () -> UInt32).self)() }
        static func endSections() { unsafeBitCast(dlsym(nil, "GOMP_sections_end_nowait"), to: (@convention(c) () -> Void).self)() }
    }
}
