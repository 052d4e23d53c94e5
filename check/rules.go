package check

// Rule is one check lint knows, for docs and SARIF.
type Rule struct {
	// ID is stable: configuration and suppressions name rules by it.
	ID string
	// Severity is the rule's default; a finding may be milder (a required
	// name covered by patternProperties is only an info).
	Severity Severity
	// Summary says in one line what the rule looks for.
	Summary string
}

// Rule ids, so code and tests cannot misspell them.
const (
	ruleToolDescMissing   = "tool-description-missing"
	ruleToolDescVague     = "tool-description-vague"
	ruleToolNameInvalid   = "tool-name-invalid"
	ruleToolNameDuplicate = "tool-name-duplicate"
	ruleInputNotObject    = "input-schema-not-object"
	ruleNoParamsOpen      = "no-params-open"
	ruleOutputNotObject   = "output-schema-not-object"
	ruleDescMissing       = "param-description-missing"
	ruleDescRestatesType  = "param-description-restates-type"
	ruleEnumInProse       = "param-enum-in-prose"
	ruleNumberNotInteger  = "param-number-not-integer"
	ruleDatetimeFormat    = "param-datetime-format-missing"
	ruleDefaultUnstated   = "param-default-unstated"
	ruleDefaultInvalid    = "param-default-invalid"
	ruleExampleInvalid    = "param-example-invalid"
	ruleRequiredMissing   = "required-property-missing"
	ruleNestingTooDeep    = "nesting-too-deep"
	ruleEnumEmpty         = "enum-empty"
	ruleEnumDuplicate     = "enum-duplicate"
	ruleTypeUnknown       = "type-unknown"
	ruleRefUnresolvable   = "ref-unresolvable"
	ruleRefRemote         = "ref-remote"
	ruleDialectUnknown    = "schema-dialect-unknown"
	ruleProseMinimum      = "prose-minimum"
	ruleProseMaximum      = "prose-maximum"
	ruleProseMaxLength    = "prose-max-length"
	ruleProsePattern      = "prose-pattern"
	ruleProseMinItems     = "prose-min-items"
)

// ruleTable is every lint rule, tool-level first, then schema structure,
// then parameter wording, then constraints left in prose.
var ruleTable = []Rule{
	{ruleToolDescMissing, Error, "The tool has no description, so a model cannot tell when to call it."},
	{ruleToolDescVague, Warning, "The tool description is too short or only repeats the name (\"天气工具\")."},
	{ruleToolNameInvalid, Error, "The tool name is outside ^[A-Za-z0-9_.-]{1,128}$."},
	{ruleToolNameDuplicate, Error, "Another tool earlier in the list has the same name."},
	{ruleInputNotObject, Error, "The inputSchema is missing or its root type is not \"object\"."},
	{ruleNoParamsOpen, Warning, "A tool without parameters does not say additionalProperties: false."},
	{ruleOutputNotObject, Error, "The outputSchema's root type is not \"object\"."},
	{ruleTypeUnknown, Error, "A type is not one of JSON Schema's seven."},
	{ruleEnumEmpty, Error, "An enum lists no values, so nothing is valid."},
	{ruleEnumDuplicate, Warning, "An enum lists the same value twice."},
	{ruleRequiredMissing, Error, "required names a property that properties does not define."},
	{ruleRefUnresolvable, Error, "A local $ref resolves nowhere in the schema."},
	{ruleRefRemote, Warning, "A $ref points outside the schema; clients and models do not fetch it."},
	{ruleDialectUnknown, Warning, "$schema names no known draft (04, 06, 07, 2019-09, 2020-12)."},
	{ruleDefaultInvalid, Error, "A default value breaks its own schema."},
	{ruleExampleInvalid, Error, "An examples value breaks its own schema."},
	{ruleNestingTooDeep, Warning, "Objects nest more than three levels of properties deep."},
	{ruleDescMissing, Warning, "A parameter, intermediate objects included, has no description."},
	{ruleDescRestatesType, Warning, "A description only restates the type or the name (\"字符串\", \"a string\")."},
	{ruleEnumInProse, Warning, "A description lists the allowed values that belong in enum."},
	{ruleNumberNotInteger, Warning, "A count, page, size, limit, index or id is typed number instead of integer."},
	{ruleDatetimeFormat, Warning, "A date or time string states no format (format, YYYY-MM-DD, RFC 3339)."},
	{ruleDefaultUnstated, Info, "An optional parameter states no default, in default or in prose."},
	{ruleProseMinimum, Info, "The description states a lower bound that minimum does not."},
	{ruleProseMaximum, Info, "The description states an upper bound that maximum does not."},
	{ruleProseMaxLength, Info, "The description limits the length but maxLength does not."},
	{ruleProsePattern, Info, "The description states a format (\"11 位数字\") that pattern or format does not."},
	{ruleProseMinItems, Info, "The description asks for at least one item but minItems does not."},
}

// ruleSeverity maps rule ids to their default severities.
var ruleSeverity = func() map[string]Severity {
	m := make(map[string]Severity, len(ruleTable))
	for _, r := range ruleTable {
		m[r.ID] = r.Severity
	}
	return m
}()

// Rules lists every rule lint and Compat know, for docs and SARIF: id,
// default severity, one-line description.
func Rules() []Rule {
	return append(append([]Rule(nil), ruleTable...), compatRuleTable...)
}
