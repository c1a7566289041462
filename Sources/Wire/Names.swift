import Foundation
import Presentation

/// Names a person reads (who answered, a worker, a channel, an idempotency key): bounded, and free of
/// anything a terminal would act on.
public enum Names {
    /// The longest name accepted, in characters, unless a field says otherwise.
    public static let maxLength = 128

    /// Throws `invalidBody` naming `field` when `name` is empty, too long, or holds a control character.
    public static func check(_ name: String, as field: String, maxLength: Int = Names.maxLength) throws(WireError) {
        if let problem = problem(name, maxLength: maxLength) { throw WireError(.invalidBody, "\(field) \(problem)") }
    }

    /// What is wrong with `name`, or nil.
    public static func problem(_ name: String, maxLength: Int = Names.maxLength) -> String? {
        if name.unicodeScalars.allSatisfy(isSpace) { return "must not be empty" }
        // No more UTF-8 bytes than allowed characters: short enough without counting characters.
        if name.utf8.count > maxLength, name.count > maxLength { return "has \(name.count) characters; at most \(maxLength)" }
        if let control = TextRules.firstControl(in: name) { return "contains the control character \(TextRules.name(control))" }
        return nil
    }

    /// A space as `CharacterSet.whitespaces` has it (a tab, or a space separator), tested without a set.
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
    }
}
