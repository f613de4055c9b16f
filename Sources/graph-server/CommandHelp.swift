/// `graph-server COMMAND --help` (or `graph-server help COMMAND`): one command's usage, what
/// it does, its options and an example.
enum CommandHelp {
    /// The help of `command`, nil for a command that does not exist.
    static func text(for command: String) -> String? {
        guard let help = commands[command] else { return nil }
        var text = "USAGE\n  graph-server \(help.usage)\n\n\(help.summary)\n"
        if !help.options.isEmpty { text += "\nOPTIONS\n" + help.options.map { "  \($0)" }.joined(separator: "\n") + "\n" }
        text += "\nEXAMPLE\n  \(help.example)\n"
        if command == "serve" { text += "\n" + Usage.serviceOptions }
        return text
    }

    private struct Help {
        let usage: String
        let summary: String
        let options: [String]
        let example: String
    }

    private static let file = "FILE is a path, or - for standard input."
    private static let output =
        "-o FILE, --output FILE     write to FILE instead of standard output (FILE is replaced only if the command succeeds)"

    private static let commands: [String: Help] = [
        "serve": Help(
            usage: "[serve] [options]",
            summary: "Runs the service until SIGTERM or SIGINT (the command when none is named).",
            options: [], example: "graph-server serve --port 9000 --workers 4"),
        "health": Help(
            usage: "health [--host ADDRESS] [--port N]",
            summary: "Exits 0 if the server there answers GET /healthz with 200, 1 otherwise (a container's health check).",
            options: [
                "--host ADDRESS             the server's address (default 127.0.0.1)", "--port N                   its port (default 8080)",
            ],
            example: "graph-server health --port 8080"),
        "dump": Help(
            usage: "dump FILE [--header] [--legend] [--typemap] [--mangled] [--keymap] [--untruncated] [-o FILE]",
            summary: "Writes the archive's dump, what POST /v1/dump answers. \(file)",
            options: [
                "--header                   the header first: versions, flags, checksum, section sizes",
                "--legend                   a legend of the node codes",
                "--typemap                  the type table",
                "--mangled                  the type table with the mangled names of classes",
                "--keymap                   the key table",
                "--untruncated              values in full, not cut at 64 characters",
                output,
            ],
            example: "graph-server dump model.graph --header --typemap"),
        "json": Help(
            usage: "json FILE [--pretty] [-o FILE]",
            summary: "Writes the archive's lossless JSON form (Docs/ArchiveJSON.md), what POST /v1/json answers. \(file)",
            options: ["--pretty                   indented", output],
            example: "graph-server json model.graph --pretty -o model.json"),
        "archive": Help(
            usage: "archive FILE.json [-o FILE]",
            summary: "Writes the archive a JSON form describes, what POST /v1/archive answers. \(file)",
            options: [output], example: "graph-server archive model.json -o model.graph"),
        "typemap": Help(
            usage: "typemap FILE [-o FILE]",
            summary: "Writes the archive's types as JSON, what POST /v1/typemap answers. \(file)",
            options: [output], example: "graph-server typemap model.graph"),
        "validate": Help(
            usage: "validate FILE [-o FILE]",
            summary: "Writes the validation report as JSON, what POST /v1/validate answers; exits 1 if the archive is invalid. \(file)",
            options: [output], example: "graph-server validate model.graph"),
        "convert": Help(
            usage: "convert FILE (--binary-io-version N | --internal-binary-io-version N | both) [-o FILE]",
            summary:
                "Writes the archive rewritten for other BinaryIO versions, what POST /v1/convert answers; one version at least. \(file)",
            options: [
                "--binary-io-version N      the user BinaryIO version to write (0 to 65535)",
                "--internal-binary-io-version N  the internal BinaryIO version to write (1 or 2)",
                output,
            ],
            example: "graph-server convert sensor.graph --binary-io-version 1 -o sensor-v1.graph"),
        "decode": Help(
            usage: "decode FILE --type NAME [-o FILE]",
            summary: "Decodes the archive as one of the sample types, in secure mode, what POST /v1/decode answers. \(file)",
            options: ["--type NAME                Station, Network, Folder, Reading or Sensor (or their qualified names)", output],
            example: "graph-server decode network.graph --type Network"),
        "stats": Help(
            usage: "stats FILE [--json] [--limit N] [--largest N] [-o FILE]",
            summary:
                "Lists where the archive's bytes go: by type, by key, by field of the root, and its largest single values, each with its share of the archive. \(file)",
            options: [
                "--json                     the JSON POST /v1/stats answers",
                "--limit N                  list at most N types and N keys, the rest summed (0 to 10000; 100 by default)",
                "--largest N                list the N largest single values (0 to 10000; 10 by default)", output,
            ],
            example: "graph-server stats metro.graph --limit 20"),
        "graph": Help(
            usage: "graph FILE [--around ID] [--depth N] [--limit N] [--dot] [-o FILE]",
            summary:
                "Writes the objects around one (the root by default) and the references among them, what POST /v1/graph answers: JSON, or Graphviz's DOT with --dot. \(file)",
            options: [
                "--around ID                the object id to start from (0: a root without identity)",
                "--depth N                  follow at most N references from it (0 to 64; 3 by default)",
                "--limit N                  show at most N objects, counting the others by type (1 to 5000; 200 by default)",
                "--dot                      Graphviz's DOT language (dot -Tsvg) rather than JSON", output,
            ],
            example: "graph-server graph network.graph --dot | dot -Tsvg -o network.svg"),
        "diff": Help(
            usage: "diff BEFORE AFTER [--json] [--limit N] [-o FILE]",
            summary:
                "Lists what changed from one archive to another (Docs/ArchiveDiff.md), one difference a line; exits 0 if they are the same, 1 if they differ, 2 if one cannot be read.",
            options: [
                "--json                     the JSON POST /v1/diff answers",
                "--limit N                  list at most N differences (0 to 10000; 1000 by default)", output,
            ],
            example: "graph-server diff v1.graph v2.graph"),
        "sample": Help(
            usage: "sample NAME [--stations N] [-o FILE]",
            summary:
                "Writes a sample archive, the same bytes on every machine: network, folders, sensor, zoo (a plain Codable model), natives, large (2 MiB), metro (10 MB), deep (600,000 nested folders).",
            options: ["--stations N               the metro's stations, 1 to 10000000 (300,000 by default)", output],
            example: "graph-server sample network -o network.graph"),
    ]
}
