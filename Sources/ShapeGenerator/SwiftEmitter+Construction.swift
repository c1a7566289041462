/// How the generated initializers set a value's members: each stored property, or, for a shape declared
/// `init`, the type's own initializer with every member as an argument (so a rule it keeps holds for what is read).
extension SwiftEmitter {
    /// Sets `member` to the expression `value`, or keeps it for the initializer.
    mutating func assign(_ shape: Shape, _ member: Member, _ value: String) {
        if shape.initialized {
            lines.append("        let shaped_\(member.property) = \(value)")
        } else {
            lines.append("        self.\(member.property) = \(value)")
        }
    }

    /// Calls the initializer with the members kept by `assign`, for a shape declared `init`.
    mutating func built(_ shape: Shape) {
        guard shape.initialized else { return }
        let arguments = shape.members.map { "\($0.property): shaped_\($0.property)" }
        lines.append("        self.init(\(arguments.joined(separator: ", ")))")
    }
}
