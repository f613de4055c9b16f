import Foundation
import GraphHTTP

/// The executable: the service, its health check, and the same operations offline.
let commandLine = Array(CommandLine.arguments.dropFirst())
let command = commandLine.first.flatMap { $0.hasPrefix("-") ? nil : $0 } ?? "serve"
let rest = commandLine.first == command ? Array(commandLine.dropFirst()) : commandLine

func fail(_ message: String) -> Never {
    try? FileHandle.standardError.write(contentsOf: Data("graph-server: \(message)\n".utf8))
    exit(2)
}

/// Runs the command, then ends the process.
func run() -> Never {
    do {
        if command == "help", let named = rest.first {
            guard let help = CommandHelp.text(for: named) else { fail("no command \(named); see graph-server --help") }
            print(help, terminator: "")
        } else if rest.contains("--help") || command == "help" {
            print(CommandHelp.text(for: command) ?? Usage.text)
        } else if rest.contains("--version") {
            print(Usage.version)
        } else if command == "serve" {
            try ServeCommand.run(Arguments(rest, valueOptions: ServeCommand.valueOptions, flagOptions: []))
        } else if command == "health" {
            let arguments = try Arguments(rest, valueOptions: ["--host", "--port"], flagOptions: [])
            let host = arguments.value("--host").map { $0 == "0.0.0.0" ? "127.0.0.1" : $0 } ?? "127.0.0.1"
            let port = try arguments.integer("--port") ?? 8080
            exit(HealthProbe.isHealthy(host: host, port: port) ? 0 : 1)
        } else if command == "sample" {
            let arguments = try Arguments(rest, valueOptions: ["-o", "--output", "--stations"], flagOptions: [], environment: [:])
            guard arguments.positionals.count == 1 else { fail("sample takes one name: \(SampleArchives.names.joined(separator: ", "))") }
            let archive = try SampleArchives.archive(named: arguments.positionals[0], stations: try arguments.integer("--stations"))
            let destination = try Destination(path: arguments.value("-o") ?? arguments.value("--output"))
            try destination.write(archive)
            try destination.finish()
        } else if OfflineCommand.names.contains(command) {
            let arguments = try Arguments(
                rest, valueOptions: OfflineCommand.valueOptions, flagOptions: OfflineCommand.flagOptions, environment: [:])
            exit(try OfflineCommand.run(command, arguments))
        } else {
            fail("unknown command \(command); see graph-server --help")
        }
    } catch let problem as Problem {
        try? FileHandle.standardError.write(contentsOf: Data("graph-server: \(problem.detail)\n".utf8))
        exit(1)
    } catch {
        fail("\(error)")
    }
    exit(0)
}

// Archive work recurses as deep as archives nest: it runs on a thread whose stack holds the
// deepest archive the limits allow, as the server's workers do (the main thread has 8 MiB).
let commandThread = Thread { run() }
commandThread.stackSize = 512 << 20
commandThread.start()
dispatchMain()
