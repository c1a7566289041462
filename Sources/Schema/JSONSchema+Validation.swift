public import JSON

extension JSONSchema {
    /// Every way `value` breaks this schema, each with its JSON path; empty when it is valid.
    ///
    /// A value of the wrong type gets one violation and its other keywords are not checked; an object's
    /// properties are checked in key order, so the list is the same for the same value.
    public func violations(of value: JSONValue) -> [SchemaViolation] {
        var found: [SchemaViolation] = []
        check(value, at: JSONPath.root, into: &found)
        return found
    }

    private func check(_ value: JSONValue, at path: String, into found: inout [SchemaViolation]) {
        if let type, !type.contains(where: { value.isOfType($0) }) {
            found.append(SchemaViolation(path: path, message: "must be \(Self.names(type)), is \(value.typeName)"))
            return
        }
        if let values = self.enum, !values.contains(where: { $0.equalsAsJSON(value) }) {
            let listed = values.isEmpty ? "absent (no value is allowed)" : "one of " + values.map(\.compactText).joined(separator: ", ")
            found.append(SchemaViolation(path: path, message: "must be \(listed)"))
        }
        switch value {
        case .string(let text): checkLength(text.unicodeScalars.count, at: path, into: &found)
        case .integer(let number): checkBounds(Double(number), at: path, into: &found)
        case .number(let number): checkBounds(number, at: path, into: &found)
        case .array(let elements): checkArray(elements, at: path, into: &found)
        case .object(let members): checkObject(members, at: path, into: &found)
        case .null, .bool: break
        }
    }

    private func checkLength(_ count: Int, at path: String, into found: inout [SchemaViolation]) {
        if let minLength, count < minLength {
            found.append(SchemaViolation(path: path, message: "must have at least \(Self.count(minLength, "character")), has \(count)"))
        }
        if let maxLength, count > maxLength {
            found.append(SchemaViolation(path: path, message: "must have at most \(Self.count(maxLength, "character")), has \(count)"))
        }
    }

    private func checkBounds(_ number: Double, at path: String, into found: inout [SchemaViolation]) {
        if let minimum, number < minimum {
            found.append(SchemaViolation(path: path, message: "must be at least \(Self.text(minimum)), is \(Self.text(number))"))
        }
        if let maximum, number > maximum {
            found.append(SchemaViolation(path: path, message: "must be at most \(Self.text(maximum)), is \(Self.text(number))"))
        }
    }

    private func checkArray(_ elements: [JSONValue], at path: String, into found: inout [SchemaViolation]) {
        if let minItems, elements.count < minItems {
            found.append(SchemaViolation(path: path, message: "must have at least \(Self.count(minItems, "element")), has \(elements.count)"))
        }
        if let maxItems, elements.count > maxItems {
            found.append(SchemaViolation(path: path, message: "must have at most \(Self.count(maxItems, "element")), has \(elements.count)"))
        }
        guard let items else { return }
        for (index, element) in elements.enumerated() {
            items.check(element, at: JSONPath.element(index, of: path), into: &found)
        }
    }

    private func checkObject(_ members: [String: JSONValue], at path: String, into found: inout [SchemaViolation]) {
        for name in (required ?? []) where members[name] == nil {
            found.append(SchemaViolation(path: JSONPath.member(name, of: path), message: "is required"))
        }
        // Members nothing constrains are not looked at (nor sorted, nor given a path): an open object costs nothing.
        let othersAllowed =
            switch additionalProperties {
            case .allowed, nil: true
            case .forbidden, .schema: false
            }
        if othersAllowed, properties?.isEmpty ?? true { return }
        for (name, value) in members.sorted(by: { $0.key < $1.key }) {
            if let schema = properties?[name] {
                schema.check(value, at: JSONPath.member(name, of: path), into: &found)
                continue
            }
            switch additionalProperties {
            case .forbidden: found.append(SchemaViolation(path: JSONPath.member(name, of: path), message: "is not allowed (not one of the properties)"))
            case .schema(let schema): schema.check(value, at: JSONPath.member(name, of: path), into: &found)
            case .allowed, nil: break
            }
        }
    }

    private static func names(_ types: [Kind]) -> String {
        let names = types.map { kind in
            switch kind {
            case .null: "null"
            case .integer, .object, .array: "an \(kind.rawValue)"
            case .boolean, .number, .string: "a \(kind.rawValue)"
            }
        }
        return names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    private static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

    private static func text(_ number: Double) -> String {
        Int64(exactly: number).map(String.init) ?? String(number)
    }
}
