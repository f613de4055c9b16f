// swift-tools-version:6.2
import PackageDescription

// GraphCodable beside swift-protobuf, as a user's package would use both: built outside the
// repository by Scripts/protobuf-comparison.sh, which sets the two packages' paths and
// generates the protobuf messages of shapes.proto with protoc and protoc-gen-swift.
let package = Package(
    name: "ProtobufComparison",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "GraphCodable", path: Context.environment["GRAPHCODABLE_PATH"] ?? "../.."),
        .package(name: "swift-protobuf", path: Context.environment["SWIFT_PROTOBUF_PATH"] ?? "../swift-protobuf"),
    ],
    targets: [
        .executableTarget(
            name: "Comparison",
            dependencies: [
                .product(name: "GraphCodable", package: "GraphCodable"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ])
    ],
    swiftLanguageModes: [.v6]
)
