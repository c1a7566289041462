import CCurl

extension HTTPClientError {
    /// The failure a finished transfer's `CURLcode` stands for.
    init(curl code: CURLcode) {
        let kind: Code =
            switch code {
            case CURLE_OPERATION_TIMEDOUT: .timedOut
            case CURLE_COULDNT_CONNECT: .connectionRefused
            case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: .hostNotFound
            case CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_PARTIAL_FILE: .connectionLost
            case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CERTPROBLEM,
                CURLE_SSL_CIPHER, CURLE_USE_SSL_FAILED, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
                CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CRL_BADFILE, CURLE_SSL_SHUTDOWN_FAILED:
                .tlsFailure
            case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT: .unsupportedURL
            default: .other
            }
        self.init(code: kind, curlCode: Int(code.rawValue))
    }
}
