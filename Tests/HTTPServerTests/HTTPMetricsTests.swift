import Foundation
import HTTPServer
import Testing

@Suite struct HTTPMetricsTests {
    @Test func theHistogramCountsEachRequestInEveryBucketAtOrAboveItsLatency() {
        let metrics = HTTPMetrics(buckets: [0.1, 1])
        metrics.record(method: .get, route: "/a", status: 200, duration: .milliseconds(50))
        metrics.record(method: .get, route: "/a", status: 200, duration: .milliseconds(500))
        metrics.record(method: .get, route: "/a", status: 200, duration: .seconds(5))
        let text = metrics.prometheusText()
        let labels = #"method="GET",route="/a",status="200""#
        #expect(text.contains("http_requests_total{\(labels)} 3"))
        #expect(text.contains(#"http_request_duration_seconds_bucket{\#(labels),le="0.1"} 1"#))
        #expect(text.contains(#"http_request_duration_seconds_bucket{\#(labels),le="1.0"} 2"#))
        #expect(text.contains(#"http_request_duration_seconds_bucket{\#(labels),le="+Inf"} 3"#))
        #expect(text.contains("http_request_duration_seconds_sum{\(labels)} 5.55"))
        #expect(text.contains("http_request_duration_seconds_count{\(labels)} 3"))
        #expect(text.contains("# HELP http_requests_total "))
    }

    @Test func unknownMethodsAndMissingRoutesCannotGrowTheLabelSet() {
        let metrics = HTTPMetrics()
        metrics.record(method: "BREW", route: nil, status: 404, duration: .zero)
        metrics.record(method: "PROPFIND", route: nil, status: 404, duration: .zero)
        #expect(metrics.count(method: "OTHER", route: HTTPMetrics.unmatchedRoute, status: 404) == 2)
    }

    @Test func labelValuesAreEscaped() {
        let metrics = HTTPMetrics()
        metrics.record(method: .get, route: "/a\"b\\c\nd", status: 200, duration: .zero)
        #expect(metrics.prometheusText().contains(#"route="/a\"b\\c\nd""#))
    }
}
