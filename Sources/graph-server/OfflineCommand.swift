import Foundation
import GraphCodable
import GraphHTTP

/// The service's operations on files, with no server: `graph-server dump FILE` writes what
/// `POST /v1/dump` answers, byte for byte, and so on for each operation.
enum OfflineCommand {
    static let names: Set<String> = ["dump", "json", "archive", "typemap", "validate", "convert", "decode"]
    static let valueOptions: Set<String> = ["-o", "--output", "--binary-io-version", "--internal-binary-io-version", "--type"]
    static let flagOptions: Set<String> = ["--header", "--legend", "--typemap", "--mangled", "--keymap", "--untruncated", "--pretty"]

    /// Runs `command` on the file the arguments name (`-` for standard input); returns the
    /// exit status: 0, or 1 when the archive is invalid.
    static func run(_ command: String, _ arguments: Arguments) throws -> Int32 {
        guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
            throw Arguments.Failure(description: "\(command) takes one file (or - for standard input)")
        }
        let input = try read(path)
        let operations = ArchiveOperations(registry: SampleModels.registry)
        let output: [UInt8]
        var status: Int32 = 0
        switch command {
        case "dump":
            var options = DumpOptions()
            options.header = arguments.flag("--header")
            options.help = arguments.flag("--legend")
            options.typeMap = arguments.flag("--typemap")
            options.mangledNames = arguments.flag("--mangled")
            options.keyMap = arguments.flag("--keymap")
            options.untruncated = arguments.flag("--untruncated")
            output = Array(try operations.dump(input, options: options.graphDumpOptions).utf8)
        case "json":
            output = try operations.json(input, pretty: arguments.flag("--pretty"))
        case "archive":
            output = try operations.archive(fromJSON: input)
        case "typemap":
            output = try operations.typeMap(input)
        case "validate":
            let (isValid, report) = operations.validate(input)
            output = report
            status = isValid ? 0 : 1
        case "convert":
            output = try operations.convert(
                input, userBinaryIOVersion: try version(arguments, "--binary-io-version"),
                internalBinaryIOVersion: try version(arguments, "--internal-binary-io-version"))
        default:
            guard let type = arguments.value("--type") else { throw Arguments.Failure(description: "decode needs --type NAME") }
            output = try operations.decode(input, as: type)
        }
        try write(output, to: arguments.value("-o") ?? arguments.value("--output"))
        return status
    }

    private static func version(_ arguments: Arguments, _ name: String) throws -> UInt16? {
        guard let number = try arguments.integer(name) else { return nil }
        guard let version = UInt16(exactly: number) else { throw Arguments.Failure(description: "\(name) must be at most 65535") }
        return version
    }

    private static func read(_ path: String) throws -> [UInt8] {
        if path == "-" { return Array(FileHandle.standardInput.readDataToEndOfFile()) }
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    static func write(_ bytes: [UInt8], to path: String?) throws {
        if let path, path != "-" {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        } else {
            FileHandle.standardOutput.write(Data(bytes))
        }
    }
}
