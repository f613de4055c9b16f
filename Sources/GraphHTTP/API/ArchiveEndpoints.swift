import GraphCodable

/// The archive endpoints, as `openapi.yaml` describes them. Each takes an upload and
/// answers what ``ArchiveOperations`` makes of it.
struct ArchiveEndpoints {
    let operations: ArchiveOperations

    init(registry: GTypeRegistry, limits: ArchiveLimits) {
        operations = ArchiveOperations(registry: registry, limits: limits)
    }

    var routes: [Route] {
        let operations = self.operations
        return [
            // Dumps, JSON forms and type maps can be many times their archive: they are streamed.
            Route(.post, "/v1/dump", parameters: DumpOptions.parameters) { request in
                let options = try DumpOptions(QueryOptions(request)).graphDumpOptions
                let archive = try Upload(request: request).file()
                return .streamed(contentType: "text/plain; charset=utf-8") { try operations.dump(archive, options: options, to: $0) }
            },
            Route(.post, "/v1/json", parameters: ["pretty"]) { request in
                let pretty = try QueryOptions(request).flag("pretty")
                let archive = try Upload(request: request).file()
                return .streamed(contentType: "application/json") { try operations.json(archive, pretty: pretty, to: $0) }
            },
            Route(.post, "/v1/archive") { request in
                let archive = try operations.archive(fromJSON: Upload(request: request, acceptsJSON: true).file())
                return .bytes(archive, contentType: "application/octet-stream")
            },
            Route(.post, "/v1/typemap") { request in
                let archive = try Upload(request: request).file()
                return .streamed(contentType: "application/json") { try operations.typeMap(archive, to: $0) }
            },
            Route(.post, "/v1/validate") { request in
                let (isValid, report) = operations.validate(try Upload(request: request).file())
                return .json(report, status: isValid ? .ok : .unprocessableContent)
            },
            Route(.post, "/v1/stats", parameters: ["limit", "largest"]) { request in
                let query = try QueryOptions(request)
                let limits = ArchiveOperations.statisticsLimits
                let limit = try query.integer("limit", in: limits) ?? ArchiveOperations.defaultStatisticsLimit
                let largest = try query.integer("largest", in: limits) ?? ArchiveOperations.defaultLargestValueCount
                return .json(try operations.statistics(Upload(request: request).file(), limit: limit, largest: largest).json)
            },
            Route(.post, "/v1/graph", parameters: ["around", "depth", "limit", "format"]) { request in
                let query = try QueryOptions(request)
                let around = try query.integer("around", in: 0 ... Int(UInt32.max)).map(UInt32.init)
                let depth = try query.integer("depth", in: ArchiveOperations.graphDepths) ?? ArchiveOperations.defaultGraphDepth
                let limit = try query.integer("limit", in: ArchiveOperations.graphLimits) ?? ArchiveOperations.defaultGraphLimit
                let format = query.text("format") ?? "json"
                guard format == "json" || format == "dot" else {
                    throw Problem(.invalidParameter, "query parameter \"format\": \"\(format)\" is neither json nor dot")
                }
                let graph = try operations.objectGraph(
                    Upload(request: request).file(), around: around, depth: depth, limit: limit, dot: format == "dot")
                return format == "dot" ? .bytes(graph, contentType: "text/vnd.graphviz; charset=utf-8") : .json(graph)
            },
            Route(.post, "/v1/convert", parameters: ["binaryIOVersion", "internalBinaryIOVersion"]) { request in
                let query = try QueryOptions(request)
                let userVersion = try query.integer("binaryIOVersion", in: 0 ... Int(UInt16.max)).map(UInt16.init)
                let supported = BinaryIOInternalVersion.supported
                let internalVersion = try query.integer(
                    "internalBinaryIOVersion", in: Int(supported.lowerBound) ... Int(supported.upperBound)
                ).map(UInt16.init)
                guard userVersion != nil || internalVersion != nil else {
                    throw Problem(.invalidParameter, "a conversion needs a target: binaryIOVersion, internalBinaryIOVersion or both")
                }
                let archive = try operations.convert(
                    Upload(request: request).file(), userBinaryIOVersion: userVersion, internalBinaryIOVersion: internalVersion)
                return .bytes(archive, contentType: "application/octet-stream")
            },
            Route(.post, "/v1/diff", parameters: ["limit"]) { request in
                let limit =
                    try QueryOptions(request).integer("limit", in: ArchiveOperations.diffLimits) ?? ArchiveOperations.defaultDiffLimit
                let files = try Upload(request: request).files(named: ["before", "after"])
                return .json(try operations.diff(files[0], files[1], limit: limit).json)
            },
            Route(.post, "/v1/decode", parameters: ["type"]) { request in
                guard let type = try QueryOptions(request).text("type"), !type.isEmpty else {
                    throw Problem(.invalidParameter, "query parameter \"type\": missing; name a registered type")
                }
                return .json(try operations.decode(Upload(request: request).file(), as: type))
            },
        ]
    }
}
