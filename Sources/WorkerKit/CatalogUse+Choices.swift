import Presentation

extension CatalogUse {
    /// The keys of `questions` (question and text field keys) and of every button of each `choices` type.
    ///
    /// ```swift
    /// CatalogUse(questions: ["greet.confirm"], choices: Greet.Choice.self)
    /// ```
    public init(questions: [String], choices: any (PresentationAction & CaseIterable).Type...) {
        self.init(questions: questions, actions: choices.flatMap { Self.keys(of: $0) })
    }

    private static func keys<Choice: PresentationAction & CaseIterable>(of type: Choice.Type) -> [String] {
        type.allCases.compactMap(\.button.localization?.key)
    }
}
