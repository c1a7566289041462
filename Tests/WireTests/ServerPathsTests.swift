import Testing
import Wire

/// Job errors the gateway shows name no absolute server path: each is shortened to its last component.
@Suite struct ServerPathsTests {
    @Test(arguments: [
        (#"no download for track "t-9" in /srv/interlude/library/downloads"#, #"no download for track "t-9" in …/downloads"#),
        ("cannot read /srv/library/projects/demo: No such file or directory", "cannot read …/demo: No such file or directory"),
        ("cannot open the library /srv/library.", "cannot open the library …/library."),
        (#"the backup "b.tar" has an unsafe entry, (/etc/passwd) ; nothing"#, #"the backup "b.tar" has an unsafe entry, (…/passwd) ; nothing"#),
        ("/var/lib/interlude/x is full", "…/x is full"),
        ("path=/a/b, then '/c/d'", "path=…/b, then '…/d'"),
    ])
    func absolutePathsAreShortenedToTheirLastComponent(message: String, shown: String) {
        #expect(ServerPaths.redacted(message) == shown)
    }

    @Test(arguments: ["HTTP 404 from https://hooks.example/a/b", "a/b/c is relative", "the root / and /tmp stay", "no path at all", "1/2 done"])
    func whatIsNoAbsolutePathOfTwoComponentsIsLeftAsItIs(message: String) {
        #expect(ServerPaths.redacted(message) == message)
    }
}
