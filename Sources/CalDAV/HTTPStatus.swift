/// HTTP status codes in words, for messages: "412 Precondition Failed".
enum HTTPStatus {
    /// The code and its reason phrase (RFC 9110, RFC 4918), or the code
    /// alone for one not listed.
    static func line(_ status: Int) -> String {
        reasons[status].map { "\(status) \($0)" } ?? "\(status)"
    }

    static let reasons: [Int: String] = [
        200: "OK", 201: "Created", 204: "No Content", 207: "Multi-Status",
        300: "Multiple Choices", 301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified",
        307: "Temporary Redirect", 308: "Permanent Redirect",
        400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
        406: "Not Acceptable", 408: "Request Timeout", 409: "Conflict", 410: "Gone", 411: "Length Required",
        412: "Precondition Failed", 413: "Content Too Large", 414: "URI Too Long", 415: "Unsupported Media Type",
        422: "Unprocessable Content", 423: "Locked", 424: "Failed Dependency", 429: "Too Many Requests",
        500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable",
        504: "Gateway Timeout", 507: "Insufficient Storage",
    ]
}
