import CMicroHTTPD

#if canImport(Glibc)
    import Glibc
#endif

/// Calls `MHD_get_daemon_info` and `MHD_get_connection_info`, which Swift cannot import.
///
/// Both are C-variadic, and Swift imports no variadic function. Neither query used here takes a
/// variadic argument, so calling the symbol through a prototype with just the fixed arguments is
/// the same call at the machine level on every ABI Swift supports.
enum MHDInfo {
    private typealias DaemonInfo = @convention(c) (OpaquePointer?, MHD_DaemonInfoType) -> UnsafePointer<MHD_DaemonInfo>?
    private typealias ConnectionInfo =
        @convention(c) (OpaquePointer?, MHD_ConnectionInfoType) -> UnsafePointer<MHD_ConnectionInfo>?

    private static let daemonInfo: DaemonInfo? = symbol("MHD_get_daemon_info")
    private static let connectionInfo: ConnectionInfo? = symbol("MHD_get_connection_info")

    /// The port the daemon's listening socket is bound to.
    static func boundPort(_ daemon: OpaquePointer) -> Int? {
        daemonInfo?(daemon, .DAEMON_INFO_BIND_PORT).map { Int($0.pointee.port) }
    }

    /// The connection's socket descriptor.
    static func socket(_ connection: OpaquePointer) -> Int32? {
        connectionInfo?(connection, .CONNECTION_INFO_CONNECTION_FD).map { $0.pointee.connect_fd }
    }

    /// The connection's peer address.
    static func clientAddress(_ connection: OpaquePointer) -> UnsafePointer<sockaddr>? {
        connectionInfo?(connection, .CONNECTION_INFO_CLIENT_ADDRESS)
            .flatMap { $0.pointee.client_addr }
            .map { UnsafePointer($0) }
    }

    private static func symbol<Function>(_ name: String) -> Function? {
        guard let library = dlopen(nil, RTLD_NOW), let address = dlsym(library, name) else { return nil }
        return unsafeBitCast(address, to: Function.self)
    }
}
