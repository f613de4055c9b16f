import GraphCodable

// Prints, on three lines, the catalog's deterministic archive, its default archive (both in
// hexadecimal), and the order in which this process iterates its words: run twice, two
// processes with different hash seeds agree on the first line only.
let catalog = Catalog.sample()
let deterministic = try GraphEncoder(.deterministic).encode(catalog) as Bytes
let plain = try GraphEncoder().encode(catalog) as Bytes
func hex(_ bytes: Bytes) -> String { bytes.map { String($0 >> 4, radix: 16) + String($0 & 15, radix: 16) }.joined() }
print(hex(deterministic))
print(hex(plain))
print(catalog.words.joined(separator: ","))
