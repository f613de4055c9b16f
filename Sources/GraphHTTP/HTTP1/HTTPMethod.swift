/// A request method (RFC 9110 §9): a case-sensitive token such as `GET`.
///
/// Any token is a method; the static members name the standard ones, so
/// `head.method == .get` reads as it should and a typo does not compile.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method token as sent on the request line.
    public let rawValue: String

    /// The method spelled `rawValue`; methods are case-sensitive, so `get` is not `GET`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The method token, such as `GET`.
    public var description: String { rawValue }

    /// `GET`: transfer a representation of the target.
    public static let get = HTTPMethod(rawValue: "GET")
    /// `HEAD`: as `GET`, but the response has no content.
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// `POST`: process the enclosed content.
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`: replace the target's state with the enclosed content.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `DELETE`: remove the target's state.
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `OPTIONS`: describe the communication options for the target.
    public static let options = HTTPMethod(rawValue: "OPTIONS")
    /// `PATCH`: apply partial modifications (RFC 5789).
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// `CONNECT`: establish a tunnel to the server named by the target.
    public static let connect = HTTPMethod(rawValue: "CONNECT")
    /// `TRACE`: loop the request message back.
    public static let trace = HTTPMethod(rawValue: "TRACE")
}

extension HTTPMethod {
    /// The methods of RFC 9110 and RFC 5789.
    static let standard: [HTTPMethod] = [.get, .head, .post, .put, .delete, .options, .patch, .connect, .trace]
}
