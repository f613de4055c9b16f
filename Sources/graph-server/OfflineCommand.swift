import Foundation
import GraphCodable
import GraphHTTP

/// The service's operations on files, with no server: `graph-server dump FILE` writes what
/// `POST /v1/dump` answers, byte for byte, and so on for each operation.
enum OfflineCommand {
    static let names: Set<String> = ["dump", "json", "archive", "typemap", "validate", "stats", "graph", "convert", "decode", "diff"]
    static let valueOptions: Set<String> = [
        "-o", "--output", "--binary-io-version", "--internal-binary-io-version", "--type", "--limit", "--largest", "--around", "--depth",
    ]
    static let flagOptions: Set<String> = [
        "--header", "--legend", "--typemap", "--mangled", "--keymap", "--untruncated", "--pretty", "--json", "--dot",
    ]

    /// Runs `command` on the file the arguments name (`-` for standard input); returns the
    /// exit status: 0, or 1 when the archive is invalid.
    static func run(_ command: String, _ arguments: Arguments) throws -> Int32 {
        if command == "diff" { return try diff(arguments) }
        guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
            throw Arguments.Failure(description: "\(command) takes one file (or - for standard input)")
        }
        let input = try contents(of: path)
        let operations = ArchiveOperations(registry: SampleModels.registry)
        let destination = try Destination(path: arguments.value("-o") ?? arguments.value("--output"))
        var output: [UInt8] = []
        var status: Int32 = 0
        switch command {
        case "dump":
            var options = DumpOptions()
            options.header = arguments.flag("--header")
            options.legend = arguments.flag("--legend")
            options.typeMap = arguments.flag("--typemap")
            options.mangledNames = arguments.flag("--mangled")
            options.keyMap = arguments.flag("--keymap")
            options.untruncated = arguments.flag("--untruncated")
            try operations.dump(input, options: options.graphDumpOptions, to: destination.write)
        case "json":
            try operations.json(input, pretty: arguments.flag("--pretty"), to: destination.write)
        case "archive":
            output = try operations.archive(fromJSON: input)
        case "typemap":
            try operations.typeMap(input, to: destination.write)
        case "validate":
            let (isValid, report) = operations.validate(input)
            output = report
            status = isValid ? 0 : 1
        case "stats":
            let limit = try bounded(arguments, "--limit", ArchiveOperations.statisticsLimits) ?? ArchiveOperations.defaultStatisticsLimit
            let largest =
                try bounded(arguments, "--largest", ArchiveOperations.statisticsLimits) ?? ArchiveOperations.defaultLargestValueCount
            let (statistics, json) = try operations.statistics(input, limit: limit, largest: largest)
            output = arguments.flag("--json") ? json : Array("\(statistics)\n".utf8)
        case "graph":
            let around = try bounded(arguments, "--around", 0 ... Int(UInt32.max)).map(UInt32.init)
            let depth = try bounded(arguments, "--depth", ArchiveOperations.graphDepths) ?? ArchiveOperations.defaultGraphDepth
            let limit = try bounded(arguments, "--limit", ArchiveOperations.graphLimits) ?? ArchiveOperations.defaultGraphLimit
            output = try operations.objectGraph(input, around: around, depth: depth, limit: limit, dot: arguments.flag("--dot"))
        case "convert":
            let userVersion = try version(arguments, "--binary-io-version")
            let internalVersion = try version(arguments, "--internal-binary-io-version")
            guard userVersion != nil || internalVersion != nil else {
                throw Arguments.Failure(
                    description: "convert needs a target: --binary-io-version N, --internal-binary-io-version N or both")
            }
            output = try operations.convert(input, userBinaryIOVersion: userVersion, internalBinaryIOVersion: internalVersion)
        default:
            guard let type = arguments.value("--type") else { throw Arguments.Failure(description: "decode needs --type NAME") }
            output = try operations.decode(input, as: type)
        }
        try destination.write(output)
        try destination.finish()
        return status
    }

    /// Compares two archives, as `diff` compares files: exit status 0 when they are the
    /// same, 1 when they differ, 2 when one cannot be read. The differences are written one
    /// per line (`~ path: before → after`, `+ path: added`, `- path: removed`), or as the
    /// JSON `POST /v1/diff` answers with `--json`.
    private static func diff(_ arguments: Arguments) throws -> Int32 {
        guard arguments.positionals.count == 2 else { throw Arguments.Failure(description: "diff takes two files: BEFORE AFTER") }
        let before = try contents(of: arguments.positionals[0]), after = try contents(of: arguments.positionals[1])
        let limit = try bounded(arguments, "--limit", ArchiveOperations.diffLimits) ?? ArchiveOperations.defaultDiffLimit
        let destination = try Destination(path: arguments.value("-o") ?? arguments.value("--output"))
        do {
            let (diff, json) = try ArchiveOperations(registry: SampleModels.registry).diff(before, after, limit: limit)
            try destination.write(arguments.flag("--json") ? json : Array((diff.isIdentical ? "" : "\(diff)\n").utf8))
            try destination.finish()
            return diff.isIdentical ? 0 : 1
        } catch let problem as Problem {
            throw Arguments.Failure(description: problem.detail)
        }
    }

    private static func version(_ arguments: Arguments, _ name: String) throws -> UInt16? {
        guard let number = try arguments.integer(name) else { return nil }
        guard let version = UInt16(exactly: number) else { throw Arguments.Failure(description: "\(name) must be at most 65535") }
        return version
    }

    /// The whole-number option `name` when given, which must lie in `range`.
    private static func bounded(_ arguments: Arguments, _ name: String, _ range: ClosedRange<Int>) throws -> Int? {
        guard let number = try arguments.integer(name) else { return nil }
        guard range.contains(number) else {
            throw Arguments.Failure(description: "\(name) must be from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// The bytes of the file at `path` (`-`: standard input), at most the largest archive the
    /// library reads (``ArchiveLimits/maximumArchiveSize``): an error that cannot read it,
    /// or finds more, names the file and the reason on one line.
    private static func contents(of path: String) throws -> [UInt8] {
        let limit = ArchiveLimits().maximumArchiveSize
        func failure(_ reason: String) -> Arguments.Failure { Arguments.Failure(description: "cannot read \(path): \(reason)") }
        let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY)
        guard descriptor >= 0 else { throw failure(String(cString: strerror(errno))) }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var status = stat()
        if fstat(descriptor, &status) == 0 {
            if status.st_mode & S_IFMT == S_IFDIR { throw failure("it is a directory") }
            if status.st_mode & S_IFMT == S_IFREG && Int(status.st_size) > limit {
                throw failure("larger than \(limit) bytes, the largest archive read")
            }
        }
        // Read in pieces, so that a device or a pipe without end stops at the limit.
        var bytes: [UInt8] = []
        var piece = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = piece.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(String(cString: strerror(errno)))
            }
            if count == 0 { return bytes }
            guard bytes.count + count <= limit else { throw failure("larger than \(limit) bytes, the largest archive read") }
            bytes.append(contentsOf: piece[..<count])
        }
    }
}
