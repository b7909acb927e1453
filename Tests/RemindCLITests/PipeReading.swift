import Foundation

extension Pipe {
    /// Everything written to the pipe until its writers close it. Unlike
    /// `FileHandle.readDataToEndOfFile`, which traps on an interrupted read,
    /// a read that a signal interrupts (EINTR: a child ending, a timer) is
    /// tried again.
    func drained() -> Data {
        let descriptor = fileHandleForReading.fileDescriptor
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: chunk[..<count])
            } else if count == 0 || errno != EINTR {
                return data
            }
        }
    }
}
