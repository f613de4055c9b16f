import Foundation

/// Where a command's output goes: standard output, or the file `-o FILE` names, written
/// piece by piece so that long dumps and JSON forms are never held whole.
///
/// A file is written beside its place under a temporary name, and put in its place (renamed
/// over what was there, with that file's permissions) only when the command succeeds
/// (``finish()``): a command that fails leaves the file as it was. A device or a pipe
/// (`/dev/null`, `/dev/stdout`) is written in place, and stays what it is.
final class Destination {
    private let handle: FileHandle
    /// The file being written and the place it goes, for an output renamed into place.
    private let staged: (temporary: String, target: String)?
    private var isFinished = false

    init(path: String?) throws {
        guard let path, path != "-" else {
            (handle, staged) = (.standardOutput, nil)
            return
        }
        func failure(_ reason: String) -> Arguments.Failure { Arguments.Failure(description: "cannot write \(path): \(reason)") }
        // A link is followed: what it points to is replaced, not the link.
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        var existing = stat()
        let exists = stat(target, &existing) == 0
        if exists && existing.st_mode & S_IFMT == S_IFDIR { throw failure("it is a directory") }
        if exists && existing.st_mode & S_IFMT != S_IFREG {
            let descriptor = open(target, O_WRONLY)
            guard descriptor >= 0 else { throw failure(String(cString: strerror(errno))) }
            (handle, staged) = (FileHandle(fileDescriptor: descriptor, closeOnDealloc: true), nil)
            return
        }
        let folder = (target as NSString).deletingLastPathComponent, name = (target as NSString).lastPathComponent
        var template = Array(((folder.isEmpty ? "" : folder + "/") + ".\(name).XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw failure(String(cString: strerror(errno))) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // The permissions of the file replaced, or those of a file created anew.
        let mask = umask(0)
        umask(mask)
        fchmod(descriptor, exists ? existing.st_mode & 0o7777 : 0o666 & ~mask)
        (handle, staged) = (FileHandle(fileDescriptor: descriptor, closeOnDealloc: true), (temporary, target))
    }

    func write(_ bytes: [UInt8]) throws {
        try handle.write(contentsOf: bytes)
    }

    /// Puts the output in its place: the command succeeded.
    func finish() throws {
        guard let staged, !isFinished else { return }
        try handle.close()
        guard rename(staged.temporary, staged.target) == 0 else {
            throw Arguments.Failure(description: "cannot write \(staged.target): \(String(cString: strerror(errno)))")
        }
        isFinished = true
    }

    /// A command that did not finish leaves no temporary file behind.
    deinit {
        if let staged, !isFinished { unlink(staged.temporary) }
    }
}
