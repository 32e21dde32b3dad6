import Pipeline
import ServiceLifecycle

/// Emits a periodic `STATS` line every `--stats-interval` seconds until shutdown.
struct StatsTicker: Service {
    let interval: Duration
    let stats: StatsReporter
    let events: EventStream

    func run() async {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    try await Task.sleep(for: interval)
                } catch {
                    return
                }
                events.emit(stats.periodic())
            }
        }
    }
}
