import Configuration
import Testing

@Suite struct AllowedOriginsTests {
    @Test func originsAreReadAsAListAndEmptyKeepsCORSClosed() throws {
        #expect(try Settings.load(file: nil, environment: [:]).allowedOriginList.isEmpty)
        let settings = try Settings.load(file: nil, environment: ["INTERLUDE_ALLOWED_ORIGINS": "https://ops.example.org, http://localhost:3000"])
        #expect(settings.allowedOriginList == ["https://ops.example.org", "http://localhost:3000"])
    }

    @Test(arguments: ["ops.example.org", "https://ops.example.org/app", "ftp://ops.example.org", "https://", "null"])
    func somethingThatIsNotAnOriginIsRefusedNamingTheKey(value: String) {
        let error = #expect(throws: ConfigurationError.self) {
            try Settings.load(file: nil, environment: ["INTERLUDE_ALLOWED_ORIGINS": value])
        }
        #expect(error?.key == "allowedOrigins")
    }
}
