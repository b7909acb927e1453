import Foundation

/// What carries a request to a server and brings back its answer:
/// `HTTPClient` (libcurl) for remindc, a table of recorded answers in the
/// tests of what `CalendarCollection` makes of them.
package protocol HTTPTransport: Sendable {
    /// The answer, or why there is none, and how many times it was sent.
    func send(_ request: HTTPClient.Request) -> (result: Result<HTTPClient.Response, HTTPClient.TransportError>, attempts: Int)
}

extension HTTPClient: HTTPTransport {}
