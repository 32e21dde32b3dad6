import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// One HTTP request to the daemon's viewer, waited for (URLSession, no cache).
enum HTTPFetch {
    struct Reply: Sendable {
        var status: Int
        var headers: [String: String]
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    enum Failure: Error { case noReply(String) }

    static func fetch(_ url: String, method: String = "GET", body: String? = nil, timeout: Double = 15) throws -> Reply {
        var request = URLRequest(url: URL(string: url)!, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = method
        request.httpBody = body.map { Data($0.utf8) }
        let result = Mutex<Result<Reply, Failure>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration)
        session.dataTask(with: request) { data, response, error in
            if let response = response as? HTTPURLResponse {
                var headers: [String: String] = [:]
                for (key, value) in response.allHeaderFields {
                    headers["\(key)".lowercased()] = "\(value)"
                }
                result.withLock { $0 = .success(Reply(status: response.statusCode, headers: headers, body: data ?? Data())) }
            } else {
                result.withLock { $0 = .failure(.noReply("\(url): \(error.map { "\($0)" } ?? "no response")")) }
            }
            done.signal()
        }.resume()
        _ = done.wait(timeout: .now() + timeout + 1)
        session.finishTasksAndInvalidate()
        guard let outcome = result.withLock({ $0 }) else { throw Failure.noReply("\(url): timed out") }
        return try outcome.get()
    }
}
