import Testing
import Wire

@Suite struct EndpointListTests {
    @Test func aSettingNamesOneBrokerOrSeveral() {
        #expect(EndpointList.split("tcp://127.0.0.1:5570") == ["tcp://127.0.0.1:5570"])
        #expect(EndpointList.split("tcp://a:5570, tcp://b:5570,") == ["tcp://a:5570", "tcp://b:5570"])
        #expect(EndpointList.split("") == [""])
    }
}
