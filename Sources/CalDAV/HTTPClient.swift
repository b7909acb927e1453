internal import CLibCurl
import Foundation

/// HTTP for WebDAV over libcurl: one request at a time per call, answered
/// or failed, each bounded in time from its first byte sent to its last
/// byte read and in the size of its answer, with bounded retries of what
/// failed in transit. HTTPS certificates are checked against the system's
/// trust store, or the authorities of a PEM file given; a certificate that
/// is expired, for another name or of an unknown authority is refused.
///
/// It follows no redirect and sends the login only with the request it is
/// given: a 3xx comes back as it is, for the caller to judge where it
/// points. Only http and https are spoken. A request whose header holds a
/// line break (an ETag a server made up) is refused before anything is
/// sent, so a condition is never dropped or rewritten on the wire.
package struct HTTPClient: Sendable {
    package struct Credentials: Sendable {
        package var user: String
        package var password: String

        package init(user: String, password: String) {
            self.user = user
            self.password = password
        }
    }

    package struct Request: Sendable {
        package var method: String
        package var url: URL
        package var headers: [String: String] = [:]
        package var body: Data?
        /// The most bytes of answer body read; past it the request fails.
        package var limit: Int

        package init(method: String, url: URL, headers: [String: String] = [:], body: Data? = nil, limit: Int = HTTPClient.smallAnswer) {
            self.method = method
            self.url = url
            self.headers = headers
            self.body = body
            self.limit = limit
        }
    }

    package struct Response: Sendable {
        package var status: Int
        package var headers: [String: String]
        package var body: Data

        package init(status: Int, headers: [String: String], body: Data) {
            self.status = status
            self.headers = headers
            self.body = body
        }

        /// A header, by its name in any case.
        package func header(_ name: String) -> String? {
            headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
        }

        package var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Why no response came.
    package struct TransportError: Error, Sendable {
        package var message: String
        package var timedOut: Bool
        /// Whether sending it again may help (not for an answer too large,
        /// or a request refused before it went).
        package var transient: Bool
    }

    /// The bound of an answer that is not a listing: a WebDAV status, a
    /// PROPFIND of one collection, an error body (1 MiB).
    package static let smallAnswer = 1 << 20
    /// The bound of a listing with every member's data (64 MiB: some
    /// 10,000 reminders of several KB each).
    package static let listingAnswer = 64 << 20

    static let transient: Set<Int> = [423, 429, 502, 503, 504]

    let credentials: Credentials?
    private let login = LoginScheme()
    /// Seconds from a request's start to the last byte of its answer.
    package let timeout: TimeInterval
    /// How many times a request that failed in transit (not one that timed
    /// out: the time-out is the user's bound), or got 423 Locked
    /// (Xandikos, while another write holds its repository), 429, 502, 503
    /// or 504, is sent again, after 0.5 s, then 1 s, and so on.
    package let retries: Int
    private let handles: HandlePool

    /// A PEM file of the certificate authorities HTTPS servers are checked
    /// against, in place of the system's store.
    let authorities: String?

    package init(
        credentials: Credentials?, timeout: TimeInterval = 30, retries: Int = 2, connections: Int = 8,
        authorities: String? = nil
    ) {
        self.credentials = credentials
        self.authorities = authorities
        self.timeout = timeout
        self.retries = retries
        handles = HandlePool(capacity: connections)
    }

    /// Sends `request`, again after a failure in transit up to `retries`
    /// times. `attempts` counts what was sent, for the caller that must
    /// know whether a conditional write may have landed before.
    package func send(_ request: Request) -> (result: Result<Response, TransportError>, attempts: Int) {
        var attempt = 0
        while true {
            attempt += 1
            let result = sendOnce(request)
            let again: Bool =
                switch result {
                case .failure(let error): error.transient
                case .success(let response): Self.transient.contains(response.status)
                }
            if !again || attempt > retries { return (result, attempt) }
            Thread.sleep(forTimeInterval: 0.5 * Double(1 << (attempt - 1)))
        }
    }

    /// How the login goes: "Basic" until a server asks for Digest alone
    /// (RFC 7616), then "Digest" for every request after.
    package var loginScheme: String { login.digest ? "Digest" : "Basic" }

    /// The time-out in words: "30 s", "0.5 s".
    var timeoutText: String {
        timeout == timeout.rounded() ? "\(Int(timeout)) s" : "\(timeout) s"
    }

    /// `perform`, and again under Digest when a Basic login is refused by
    /// a server that offers Digest and not Basic.
    private func sendOnce(_ request: Request) -> Result<Response, TransportError> {
        let digest = login.digest
        let result = perform(request, digest: digest)
        if !digest, credentials != nil, case .success(let response) = result, response.status == 401,
            let offered = response.header("WWW-Authenticate"), Self.offersDigestOnly(offered)
        {
            login.digest = true
            return perform(request, digest: true)
        }
        return result
    }

    /// Whether a 401's challenges (`WWW-Authenticate`, several joined by a
    /// line break) offer Digest and not Basic.
    static func offersDigestOnly(_ challenges: String) -> Bool {
        let schemes = challenges.split(whereSeparator: \.isNewline).compactMap { $0.split(separator: " ").first?.lowercased() }
        return schemes.contains("digest") && !schemes.contains("basic")
    }

    private func perform(_ request: Request, digest: Bool) -> Result<Response, TransportError> {
        for (name, value) in request.headers where !Self.isHeaderText(name) || !Self.isHeaderText(value) {
            return .failure(
                TransportError(
                    message: "the \(name) header would hold a line break or control character; not sent",
                    timedOut: false, transient: false))
        }
        let handle = handles.take()
        defer { handles.give(handle) }
        let reading = Reading(limit: request.limit)
        var list: UnsafeMutablePointer<curl_slist>?
        defer { curl_slist_free_all(list) }
        var headers = request.headers
        // libcurl asks servers to "100 Continue" a body over 1 KiB and
        // waits a second for servers that never do; a body is always typed.
        if request.body != nil {
            headers["Expect"] = ""
            if headers["Content-Type"] == nil { headers["Content-Type"] = "application/octet-stream" }
        }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            list = curl_slist_append(list, value.isEmpty ? "\(name):" : "\(name): \(value)")
        }
        let errorText = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorText.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        defer { errorText.deallocate() }
        let context = Unmanaged.passRetained(reading)
        defer { context.release() }

        remindc_curl_set_string(handle, CURLOPT_URL, request.url.absoluteString)
        remindc_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        remindc_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0)
        if let authorities { remindc_curl_set_string(handle, CURLOPT_CAINFO, authorities) }
        remindc_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
        remindc_curl_set_long(handle, CURLOPT_TIMEOUT_MS, Int(timeout * 1000))
        remindc_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Int(timeout * 1000))
        remindc_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorText)
        remindc_curl_set_list(handle, CURLOPT_HTTPHEADER, list)
        remindc_curl_set_callback(
            handle, CURLOPT_WRITEFUNCTION,
            { data, size, count, context in
                guard let data, let context else { return 0 }
                return Unmanaged<Reading>.fromOpaque(context).takeUnretainedValue().body(data, size * count)
            })
        remindc_curl_set_pointer(handle, CURLOPT_WRITEDATA, context.toOpaque())
        remindc_curl_set_callback(
            handle, CURLOPT_HEADERFUNCTION,
            { data, size, count, context in
                guard let data, let context else { return 0 }
                return Unmanaged<Reading>.fromOpaque(context).takeUnretainedValue().header(data, size * count)
            })
        remindc_curl_set_pointer(handle, CURLOPT_HEADERDATA, context.toOpaque())
        if let credentials {
            // Basic goes with the first request: most CalDAV servers take
            // it, and a 401 round trip per request would double them.
            // Digest answers the server's challenge, which libcurl asks for.
            remindc_curl_set_long(handle, CURLOPT_HTTPAUTH, digest ? remindc_curl_auth_digest() : remindc_curl_auth_basic())
            remindc_curl_set_string(handle, CURLOPT_USERNAME, credentials.user)
            remindc_curl_set_string(handle, CURLOPT_PASSWORD, credentials.password)
        }
        if let body = request.body {
            remindc_curl_set_size(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
            body.withUnsafeBytes { bytes in
                _ = remindc_curl_set_pointer(
                    handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress ?? UnsafeRawPointer(errorText)))
            }
        } else {
            remindc_curl_set_long(handle, CURLOPT_HTTPGET, 1)
        }
        remindc_curl_set_string(handle, CURLOPT_CUSTOMREQUEST, request.method)

        let code = curl_easy_perform(handle)
        // The handle goes back to the pool: nothing of this call's is left
        // for it to write to.
        remindc_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, nil)
        remindc_curl_set_pointer(handle, CURLOPT_WRITEDATA, nil)
        remindc_curl_set_pointer(handle, CURLOPT_HEADERDATA, nil)
        if reading.overLimit {
            return .failure(
                TransportError(
                    message: "the answer is larger than \(Self.sizeText(request.limit)); refused as it arrived",
                    timedOut: false, transient: false))
        }
        guard code == CURLE_OK else {
            if code == CURLE_OPERATION_TIMEDOUT {
                let what = reading.started ? "no whole answer" : "no answer"
                // Not sent again: the time-out bounds the whole request.
                return .failure(TransportError(message: "\(what) within \(timeoutText)", timedOut: true, transient: false))
            }
            let detail = String(cString: errorText)
            let message = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
            return .failure(TransportError(message: message, timedOut: false, transient: true))
        }
        var status = 0
        remindc_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return .success(Response(status: status, headers: reading.headers, body: reading.data))
    }

    /// Whether a header's name or value can go on the wire as it is: no
    /// control character (CR and LF would end it and start another).
    static func isHeaderText(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }
    }

    static func sizeText(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : "\(bytes >> 10) KiB"
    }

    /// An answer as it arrives: its body, up to its limit, and the headers
    /// of its last status line.
    private final class Reading {
        let limit: Int
        var data = Data()
        var headers: [String: String] = [:]
        var overLimit = false
        var started = false

        init(limit: Int) { self.limit = limit }

        func body(_ bytes: UnsafeMutablePointer<CChar>, _ count: Int) -> Int {
            started = true
            guard data.count + count <= limit else {
                overLimit = true
                return 0
            }
            data.append(UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: count)
            return count
        }

        func header(_ bytes: UnsafeMutablePointer<CChar>, _ count: Int) -> Int {
            started = true
            let line = String(decoding: UnsafeRawBufferPointer(start: bytes, count: count), as: UTF8.self)
            if line.hasPrefix("HTTP/") {
                // A new status line (after 100 Continue): its own headers.
                headers = [:]
            } else if let colon = line.firstIndex(of: ":"), headers.count < 200 {
                let name = String(line[..<colon])
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
                // Challenges come one a header: all are kept.
                if name.caseInsensitiveCompare("WWW-Authenticate") == .orderedSame, let earlier = headers[name] {
                    headers[name] = earlier + "\n" + value
                } else {
                    headers[name] = value
                }
                // An answer that says it is too large is refused unread.
                if name.caseInsensitiveCompare("Content-Length") == .orderedSame, let length = Int(value), length > limit {
                    overLimit = true
                    return 0
                }
            }
            return count
        }
    }

    /// Which scheme the login goes under, shared by the requests of a run.
    private final class LoginScheme: @unchecked Sendable {
        private let lock = NSLock()
        private var isDigest = false

        var digest: Bool {
            get {
                lock.lock()
                defer { lock.unlock() }
                return isDigest
            }
            set {
                lock.lock()
                isDigest = newValue
                lock.unlock()
            }
        }
    }

    /// libcurl's handles, kept between requests so that their connections
    /// are used again; one per request in flight.
    private final class HandlePool: @unchecked Sendable {
        private let lock = NSLock()
        private var idle: [UnsafeMutableRawPointer] = []
        private let capacity: Int

        private static let initialised: Bool = {
            curl_global_init(remindc_curl_global_all()) == CURLE_OK
        }()

        init(capacity: Int) {
            _ = Self.initialised
            self.capacity = max(1, capacity)
        }

        func take() -> UnsafeMutableRawPointer {
            lock.lock()
            let handle = idle.popLast()
            lock.unlock()
            if let handle {
                curl_easy_reset(handle)
                return handle
            }
            return curl_easy_init()!
        }

        func give(_ handle: UnsafeMutableRawPointer) {
            lock.lock()
            defer { lock.unlock() }
            if idle.count < capacity { idle.append(handle) } else { curl_easy_cleanup(handle) }
        }

        deinit {
            idle.forEach { curl_easy_cleanup($0) }
        }
    }
}
