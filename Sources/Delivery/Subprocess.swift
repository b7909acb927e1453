import Foundation

/// Runs a program found on `PATH` with the caller's environment, waits for
/// it, and collects what it printed: the one way remindc starts another
/// program.
///
/// The program is started with `posix_spawn` and its pipes are served by
/// `poll` on the calling thread: standard output and standard error are
/// drained as they fill while `input` is written, so a program that fills
/// one pipe while remindc writes or reads another never blocks. No thread
/// is started, and no libdispatch worker thread: one of those, started by
/// `remindc notify` as an unprivileged user under a systemd user manager,
/// logs "Failed to set thread priority for worker thread" to the journal.
package enum Subprocess {
    /// What no program remindc runs is given: `publish`'s password.
    package static let withheld = ["REMINDC_PASSWORD"]

    /// How a program ended and what it printed.
    package struct Result: Sendable, Equatable {
        package var status: Int32
        package var output: String
        package var errors: String

        package init(status: Int32, output: String, errors: String) {
            self.status = status
            self.output = output
            self.errors = errors
        }
    }

    /// Runs `arguments[0]` with the rest as its arguments. A program that
    /// cannot be started ends with status 127, the shell's; one ended by a
    /// signal with 128 and its number.
    package static func run(_ arguments: [String], environment: [String: String], input: [UInt8]? = nil) -> Result {
        var output: [Int32] = [-1, -1], errors: [Int32] = [-1, -1], standardInput: [Int32] = [-1, -1]
        guard makePipe(&output), makePipe(&errors), input == nil || makePipe(&standardInput) else {
            for descriptor in output + errors + standardInput where descriptor >= 0 { close(descriptor) }
            return Result(status: 127, output: "", errors: "\(arguments[0]): \(String(cString: strerror(errno)))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if input != nil {
            posix_spawn_file_actions_adddup2(&actions, standardInput[0], 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        // Every signal as the program would find it started afresh: handled
        // or ignored ones back to their defaults, none blocked.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv = (["/usr/bin/env"] + arguments).map { strdup($0) } + [nil]
        let envp =
            environment.filter { !withheld.contains($0.key) }.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, "/usr/bin/env", &actions, &attributes, argv, envp)
        close(output[1])
        close(errors[1])
        if input != nil { close(standardInput[0]) }
        guard spawned == 0 else {
            for descriptor in [output[0], errors[0]] + (input != nil ? [standardInput[1]] : []) { close(descriptor) }
            return Result(status: 127, output: "", errors: "\(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        // Written as the pipe has room: a blocking write of more than the
        // pipe holds would wait for a program that waits for its output to
        // be read.
        if input != nil { _ = fcntl(standardInput[1], F_SETFL, fcntl(standardInput[1], F_GETFL) | O_NONBLOCK) }
        let (out, err) = serve(output: output[0], errors: errors[0], input: input.map { ($0, standardInput[1]) })
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import.
        let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Result(status: code, output: String(decoding: out, as: UTF8.self), errors: String(decoding: err, as: UTF8.self))
    }

    /// A pipe whose ends are closed in every program started (`FD_CLOEXEC`):
    /// only the ends `posix_spawn` copies to 0, 1 and 2 reach the child.
    private static func makePipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// Reads both pipes to their ends while writing `input` to its pipe,
    /// as each is ready, then closes them all.
    private static func serve(output: Int32, errors: Int32, input: (bytes: [UInt8], descriptor: Int32)?) -> ([UInt8], [UInt8]) {
        var read: [[UInt8]] = [[], []]
        var open = [output, errors]
        var writer = input?.descriptor ?? -1
        var written = 0
        // A program that exits before reading its input must not end
        // remindc by SIGPIPE: the write fails with EPIPE instead.
        let previous = input == nil ? nil : signal(SIGPIPE, SIG_IGN)
        defer { if let previous { signal(SIGPIPE, previous) } }
        if let input, input.bytes.isEmpty {
            close(writer)
            writer = -1
        }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while open.contains(where: { $0 >= 0 }) || writer >= 0 {
            var watched = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            watched.append(pollfd(fd: writer, events: Int16(POLLOUT), revents: 0))
            guard poll(&watched, nfds_t(watched.count), -1) >= 0 || errno == EINTR else { break }
            for index in open.indices where open[index] >= 0 && watched[index].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { Foundation.read(open[index], $0.baseAddress!, $0.count) }
                if count > 0 {
                    read[index] += buffer[..<count]
                } else if count == 0 || errno != EINTR {
                    close(open[index])
                    open[index] = -1
                }
            }
            if writer >= 0, watched[2].revents != 0, let input {
                let count = input.bytes.withUnsafeBytes { Foundation.write(writer, $0.baseAddress! + written, $0.count - written) }
                if count > 0 { written += count }
                if written == input.bytes.count || (count < 0 && errno != EINTR && errno != EAGAIN) {
                    close(writer)
                    writer = -1
                }
            }
        }
        // Only a failing poll leaves any open; the program then sees its
        // pipes closed rather than waiting on them.
        for descriptor in open + [writer] where descriptor >= 0 { close(descriptor) }
        return (read[0], read[1])
    }
}
