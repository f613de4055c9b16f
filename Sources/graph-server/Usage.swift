/// `graph-server --help`.
enum Usage {
    static let version = "graph-server 0.2.0"

    static let text = """
        \(version): inspects GraphCodable archives over HTTP, or offline on files.

        USAGE
          graph-server [serve] [options]     run the service (until SIGTERM or SIGINT)
          graph-server health [--host H] [--port N]
                                             exit 0 if the server there answers /healthz
          graph-server dump FILE [--header] [--legend] [--typemap] [--mangled] [--keymap] [--untruncated]
          graph-server json FILE [--pretty]
          graph-server archive FILE.json
          graph-server typemap FILE
          graph-server validate FILE         exit 1 if the archive is invalid
          graph-server convert FILE [--binary-io-version N] [--internal-binary-io-version N]
          graph-server decode FILE --type NAME
          graph-server stats FILE [--json] [--limit N] [--largest N]
          graph-server graph FILE [--around ID] [--depth N] [--limit N] [--dot]
          graph-server diff BEFORE AFTER [--json] [--limit N]
                                             exit 0 if the same, 1 if they differ, 2 if unreadable
          graph-server sample NAME [--stations N]
                                             a sample archive: network, folders, sensor, natives, large (2 MiB),
                                             metro (N stations, by default 300,000: 10 MB), deep (600,000 nested folders)
            FILE may be - for standard input; -o FILE (or --output FILE) writes to a file.
          graph-server COMMAND --help        that command's options and an example

        \(serviceOptions)
          --help, --version
        """

    /// The service's options, which `serve --help` prints too.
    static let serviceOptions = """
        SERVICE OPTIONS (each also read from the environment variable shown; flags win)
          --host ADDRESS            GRAPH_SERVER_HOST              default 127.0.0.1 (0.0.0.0: every interface)
          --port N                  GRAPH_SERVER_PORT              default 8080 (0: any free port)
          --max-upload-bytes N      GRAPH_SERVER_MAX_UPLOAD_BYTES  default 67108864 (413 beyond)
          --upload-budget-bytes N   GRAPH_SERVER_UPLOAD_BUDGET_BYTES  all uploads held at once; default 4 x the above (503 beyond)
          --answer-budget-bytes N   GRAPH_SERVER_ANSWER_BUDGET_BYTES  all answers waiting for clients; default 4 x the upload limit (503 beyond)
          --max-request-line-bytes N  GRAPH_SERVER_MAX_REQUEST_LINE_BYTES  default 8192 (414 beyond)
          --max-header-bytes N      GRAPH_SERVER_MAX_HEADER_BYTES  default 32768 (431 beyond)
          --max-header-count N      GRAPH_SERVER_MAX_HEADER_COUNT  default 100 (431 beyond)
          --max-connections N       GRAPH_SERVER_MAX_CONNECTIONS   default 1024 (503 beyond)
          --socket-buffer-bytes N   GRAPH_SERVER_SOCKET_BUFFER_BYTES  each connection's kernel send and receive buffers; default: the kernel's
          --memory-limit N          GRAPH_SERVER_MEMORY_LIMIT      bytes the server runs within: it refuses to start if its limits could take more than 85 %
          --workers N               GRAPH_SERVER_WORKERS           default: one per processor
          --io-loops N              GRAPH_SERVER_IO_LOOPS          threads driving connections; default: one per processor
          --queue-size N            GRAPH_SERVER_QUEUE_SIZE        default 64 (503 with Retry-After beyond)
          --request-timeout S       GRAPH_SERVER_REQUEST_TIMEOUT   default 60 (503 beyond)
          --idle-timeout S          GRAPH_SERVER_IDLE_TIMEOUT      default 30
          --head-timeout S          GRAPH_SERVER_HEAD_TIMEOUT      default 10 (408 beyond)
          --body-timeout S          GRAPH_SERVER_BODY_TIMEOUT      default 120 (408 beyond)
          --write-timeout S         GRAPH_SERVER_WRITE_TIMEOUT     default 30
          --drain-timeout S         GRAPH_SERVER_DRAIN_TIMEOUT     default 25 (work in flight on shutdown)
          --cors-origin ORIGIN      GRAPH_SERVER_CORS_ORIGIN       repeatable, or comma-separated; * for any
          --log-level LEVEL         GRAPH_SERVER_LOG_LEVEL         error, warning, info (default) or debug
        """
}
