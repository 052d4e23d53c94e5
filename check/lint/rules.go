package lint

import "github.com/toolbench/toolbench/check"

// rules is every lint rule, tool-level first, then schema structure, then
// parameter wording, then constraints left in prose. Findings are made
// only from these ids.
var rules check.Registry

var (
	ruleToolDescMissing = rules.Add("tool-description-missing", check.Error,
		"The tool has no description, so a model cannot tell when to call it.")
	ruleToolDescVague = rules.Add("tool-description-vague", check.Warning,
		"The tool description is too short or only repeats the name (\"天气工具\").")
	ruleToolNameInvalid = rules.Add("tool-name-invalid", check.Error,
		"The tool name is outside ^[A-Za-z0-9_.-]{1,128}$.")
	ruleToolNameDuplicate = rules.Add("tool-name-duplicate", check.Error,
		"Another tool earlier in the list has the same name.")
	ruleTextInvisible = rules.Add("text-invisible-characters", check.Warning,
		"A name, title or description holds characters a terminal draws as nothing (zero-width spaces, joiners, soft hyphens).")
	ruleTextTagChars = rules.Add("text-tag-characters", check.Error,
		"A name, title or description holds Unicode tag characters: invisible text a model reads.")
	ruleInputNotObject = rules.Add("input-schema-not-object", check.Error,
		"The inputSchema is missing or its root type is not \"object\".")
	ruleNoParamsOpen = rules.Add("no-params-open", check.Warning,
		"A tool without parameters does not say additionalProperties: false.")
	ruleOutputNotObject = rules.Add("output-schema-not-object", check.Error,
		"The outputSchema's root type is not \"object\".")
	ruleTypeUnknown = rules.Add("type-unknown", check.Error,
		"A type is not one of JSON Schema's seven.")
	ruleEnumEmpty = rules.Add("enum-empty", check.Error,
		"An enum lists no values, so nothing is valid.")
	ruleEnumDuplicate = rules.Add("enum-duplicate", check.Warning,
		"An enum lists the same value twice.")
	ruleRequiredMissing = rules.Add("required-property-missing", check.Error,
		"required names a property that properties does not define.")
	ruleRefUnresolvable = rules.Add("ref-unresolvable", check.Error,
		"A local $ref resolves nowhere in the schema.")
	ruleRefRemote = rules.Add("ref-remote", check.Warning,
		"A $ref points outside the schema; clients and models do not fetch it.")
	ruleDialectUnknown = rules.Add("schema-dialect-unknown", check.Warning,
		"$schema names no known draft (04, 06, 07, 2019-09, 2020-12).")
	ruleDefaultInvalid = rules.Add("param-default-invalid", check.Error,
		"A default value breaks its own schema.")
	ruleExampleInvalid = rules.Add("param-example-invalid", check.Error,
		"An examples value breaks its own schema.")
	ruleNestingTooDeep = rules.Add("nesting-too-deep", check.Warning,
		"Objects nest more than three levels of properties deep.")
	ruleDescMissing = rules.Add("param-description-missing", check.Warning,
		"A parameter, intermediate objects included, has no description.")
	ruleDescRestatesType = rules.Add("param-description-restates-type", check.Warning,
		"A description only restates the type or the name (\"字符串\", \"a string\").")
	ruleEnumInProse = rules.Add("param-enum-in-prose", check.Warning,
		"A description lists the allowed values that belong in enum.")
	ruleNumberNotInteger = rules.Add("param-number-not-integer", check.Warning,
		"A count, page, size, limit, index or id is typed number instead of integer.")
	ruleDatetimeFormat = rules.Add("param-datetime-format-missing", check.Warning,
		"A date or time string states no format (format, YYYY-MM-DD, RFC 3339).")
	ruleDefaultUnstated = rules.Add("param-default-unstated", check.Info,
		"An optional parameter states no default, in default or in prose.")
	ruleProseMinimum = rules.Add("prose-minimum", check.Info,
		"The description states a lower bound that minimum does not.")
	ruleProseMaximum = rules.Add("prose-maximum", check.Info,
		"The description states an upper bound that maximum does not.")
	ruleProseMaxLength = rules.Add("prose-max-length", check.Info,
		"The description limits the length but maxLength does not.")
	ruleProsePattern = rules.Add("prose-pattern", check.Info,
		"The description states a format (\"11 位数字\") that pattern or format does not.")
	ruleProseMinItems = rules.Add("prose-min-items", check.Info,
		"The description asks for at least one item but minItems does not.")
)

// Rules lists every rule lint applies, for docs and SARIF.
func Rules() []check.Rule { return rules.Rules() }
