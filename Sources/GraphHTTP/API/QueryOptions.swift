/// The query parameters of a request, read as the endpoints' options: an unreadable or
/// invalid parameter is answered 400 naming it.
struct QueryOptions {
    private let parameters: QueryParameters

    init(_ request: Request) throws(Problem) {
        do throws(UploadParseError) {
            parameters = try QueryParameters(parsing: request.head.query ?? "")
        } catch {
            throw Problem(.invalidParameter, error.message)
        }
    }

    /// The boolean parameter `name`, `false` when absent.
    func flag(_ name: String) throws(Problem) -> Bool {
        do throws(UploadParseError) {
            return try parameters.bool(name) ?? false
        } catch {
            throw Problem(.invalidParameter, error.message)
        }
    }

    /// The whole-number parameter `name` in `range`, nil when absent.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(Problem) -> Int? {
        do throws(UploadParseError) {
            return try parameters.integer(name, in: range)
        } catch {
            throw Problem(.invalidParameter, error.message)
        }
    }

    /// The text parameter `name`, nil when absent.
    func text(_ name: String) -> String? { parameters.first(name) }
}
