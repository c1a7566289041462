public import Presentation

/// Who a question's mail goes to: the people of its audience that the people file can reach. A name of
/// the audience is that person; a group is everyone whose token (in the gateway's token file) is in it,
/// the same groups an answer link's person is checked against when the link answers. A question without
/// an audience goes to `anyone` (the `mailNoAudienceTo` names), nobody by default.
public struct Directory: Sendable {
    /// Addresses and languages.
    public let people: People
    /// The groups of the token named so (the gateway's current token file).
    public let groups: @Sendable (String) -> [String]
    /// Who is mailed about a question that names no audience.
    public let anyone: [String]

    /// A directory of `people`, their token groups from `groups`, mailing `anyone` about open questions.
    public init(people: People, groups: @escaping @Sendable (String) -> [String] = { _ in [] }, anyone: [String] = []) {
        self.people = people
        self.groups = groups
        self.anyone = anyone
    }

    /// The names mailed about a question for `audience`, sorted; only people with an address.
    public func recipients(of audience: Audience?) -> [String] {
        guard let audience else { return anyone.filter { people.byName[$0] != nil }.sorted() }
        return people.byName.keys.filter { audience.includes(name: $0, groups: groups($0)) }.sorted()
    }
}
