/// Where a problem is in the text: its path from the document, as the JSON form names it.
extension JSONText {
    /// The path from the document's value to the innermost value that holds `offset`, as
    /// `$.body[0].fields[1]` names it.
    func path(to offset: Int) -> [GCodableError.PathComponent] {
        var path: [GCodableError.PathComponent] = []
        var position = root
        descending: while true {
            switch first(position) {
            case UInt8(ascii: "{"):
                var inner: (GCodableError.PathComponent, JSONPosition)?
                forEachMember(of: position) { name, value in
                    if inner == nil, value.offset <= offset, offset < end(of: value).offset {
                        var decoded: [UInt8] = []
                        decodeString(name, into: &decoded)
                        inner = (.key(String(decoding: decoded, as: UTF8.self)), value)
                    }
                }
                guard let (component, value) = inner else { break descending }
                path.append(component)
                position = value
            case UInt8(ascii: "["):
                var inner: (Int, JSONPosition)?
                forEachElement(of: position) { element, index in
                    if inner == nil, element.offset <= offset, offset < end(of: element).offset { inner = (index, element) }
                }
                guard let (index, element) = inner else { break descending }
                path.append(.index(index))
                position = element
            default:
                break descending
            }
        }
        return path
    }

    /// The start of paths in a JSON form: its document.
    static let pathStart = "$"

    /// `path` as text: `$.body[0].fields[1].value`.
    static func text(of path: [GCodableError.PathComponent]) -> String {
        GCodableError.PathComponent.text(of: path, from: pathStart)
    }
}
