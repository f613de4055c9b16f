/// Why part of a request could not be read: the status to answer with, and a short message
/// that starts with the `Place` at fault (`field line 3: whitespace before the colon`).
struct RequestReadError<Place: CustomStringConvertible & Equatable & Sendable>: Error, Equatable, Sendable, CustomStringConvertible {
    /// The status of the error response.
    let status: HTTPStatus
    /// What went wrong, and where.
    let message: String

    /// An error answered with `status`, about `place`, saying `what` went wrong there.
    init(_ status: HTTPStatus, _ place: Place, _ what: String) {
        self.status = status
        self.message = "\(place): \(what)"
    }

    var description: String { "\(status.code): \(message)" }

    /// A 400 (Bad Request) error about `place`.
    static func badRequest(_ place: Place, _ what: String) -> Self {
        Self(.badRequest, place, what)
    }
}
