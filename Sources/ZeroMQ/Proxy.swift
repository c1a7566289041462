import CZeroMQ

extension Socket {
    /// Runs libzmq's built-in proxy (`zmq_proxy_steerable`) between `frontend` and `backend` on the calling
    /// thread, which must own all three sockets, until `control` receives `TERMINATE`.
    public static func proxy(frontend: Socket, backend: Socket, control: Socket) throws(ZMQError) {
        guard let front = frontend.handle, let back = backend.handle, let steer = control.handle else {
            throw .closed("zmq_proxy_steerable")
        }
        try libzmq("zmq_proxy_steerable") { zmq_proxy_steerable(front, back, nil, steer) }
    }
}
