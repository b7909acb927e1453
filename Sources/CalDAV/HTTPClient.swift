import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// HTTP for WebDAV: one request at a time per call, answered or failed,
/// with a time-out per request and bounded retries of what failed in
/// transit. Through Foundation's URLSession (libcurl on Linux), so HTTPS
/// certificates are checked by the system's trust store.
public struct HTTPClient: Sendable {
    public struct Credentials: Sendable {
        public var user: String
        public var password: String

        public init(user: String, password: String) {
            self.user = user
            self.password = password
        }
    }

    public struct Request: Sendable {
        public var method: String
        public var url: URL
        public var headers: [String: String] = [:]
        public var body: Data?

        public init(method: String, url: URL, headers: [String: String] = [:], body: Data? = nil) {
            self.method = method
            self.url = url
            self.headers = headers
            self.body = body
        }
    }

    public struct Response: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: Data

        /// A header, by its name in any case.
        public func header(_ name: String) -> String? {
            headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
        }

        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Why no response came.
    public struct TransportError: Error, Sendable {
        public var message: String
        public var timedOut: Bool
    }

    static let transient: Set<Int> = [423, 429, 502, 503, 504]

    let session: URLSession
    private let refuser = ChallengeRefuser()
    let credentials: Credentials?
    public let timeout: TimeInterval
    /// How many times a request that failed in transit, or got 423 Locked
    /// (Xandikos, while another write holds its repository), 429, 502, 503
    /// or 504, is sent again, after 0.5 s, then 1 s, and so on.
    public let retries: Int

    public init(credentials: Credentials?, timeout: TimeInterval = 30, retries: Int = 2, connections: Int = 8) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.httpMaximumConnectionsPerHost = connections
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration, delegate: refuser, delegateQueue: nil)
        self.credentials = credentials
        self.timeout = timeout
        self.retries = retries
    }

    /// Sends `request`, again after a failure in transit up to `retries`
    /// times. `attempts` counts what was sent, for the caller that must
    /// know whether a conditional write may have landed before.
    public func send(_ request: Request) -> (result: Result<Response, TransportError>, attempts: Int) {
        var attempt = 0
        while true {
            attempt += 1
            let result = sendOnce(request)
            let again: Bool = switch result {
            case .failure: true
            case .success(let response): Self.transient.contains(response.status)
            }
            if !again || attempt > retries { return (result, attempt) }
            Thread.sleep(forTimeInterval: 0.5 * Double(1 << (attempt - 1)))
        }
    }

    private func sendOnce(_ request: Request) -> Result<Response, TransportError> {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        if let credentials {
            // Sent with the first request: every CalDAV server takes Basic,
            // and a 401 round trip per request would double them.
            let token = Data("\(credentials.user):\(credentials.password)".utf8).base64EncodedString()
            urlRequest.setValue("Basic \(token)", forHTTPHeaderField: "Authorization")
        }
        urlRequest.httpBody = request.body
        // libcurl asks servers to "100 Continue" a body over 1 KiB and waits
        // a second for servers that never do (Python's http.server).
        if request.body != nil { urlRequest.setValue("", forHTTPHeaderField: "Expect") }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let refuser = self.refuser
        let task = session.dataTask(with: urlRequest) { data, response, error in
            if let response = response as? HTTPURLResponse {
                var headers: [String: String] = [:]
                for case let (name as String, value as String) in response.allHeaderFields { headers[name] = value }
                box.result = .success(Response(status: response.statusCode, headers: headers, body: data ?? Data()))
            } else if (error as? URLError)?.code == .cancelled, refuser.refused(box.task) {
                box.result = .success(Response(status: 401, headers: [:], body: Data()))
            } else {
                let timedOut = (error as? URLError)?.code == .timedOut
                let reason = timedOut ? "no answer within \(Int(timeout)) s" : (error?.localizedDescription ?? "no response")
                box.result = .failure(TransportError(message: reason, timedOut: timedOut))
            }
            done.signal()
        }
        box.task = task.taskIdentifier
        task.resume()
        done.wait()
        return box.result!
    }

    /// Answers every authentication challenge by refusing it: the
    /// credentials went with the request, and URLSession's default handling
    /// would wait for others for ever. A task it refused ends cancelled,
    /// which `sendOnce` turns back into the 401 it was.
    private final class ChallengeRefuser: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
        private let lock = NSLock()
        private var tasks: Set<Int> = []

        func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                        completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
            lock.lock()
            tasks.insert(task.taskIdentifier)
            lock.unlock()
            completionHandler(.cancelAuthenticationChallenge, nil)
        }

        func refused(_ task: Int?) -> Bool {
            guard let task else { return false }
            lock.lock()
            defer { lock.unlock() }
            return tasks.remove(task) != nil
        }
    }

    private final class Box: @unchecked Sendable {
        var task: Int?
        var result: Result<Response, TransportError>?
    }
}
