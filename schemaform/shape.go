package schemaform

import (
	"encoding/json"
	"strconv"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// Kind is the control a value needs.
type Kind uint8

// Kinds of shape. Raw is the fallback for anything the form cannot express:
// the value is then edited as JSON text.
const (
	KindRaw Kind = iota
	KindString
	KindNumber
	KindInteger
	KindBoolean
	KindNull
	KindEnum        // one choice among Choices
	KindConst       // one fixed value (const, or an enum of one value)
	KindObject      // fixed properties, maybe with extra entries
	KindMap         // key/value entries only (free-form objects)
	KindArray       // a list of items, maybe a tuple prefix
	KindMultiSelect // an array of choices
	KindUnion       // a choice of Variants
)

var kindControls = map[Kind]string{
	KindRaw: "raw JSON", KindString: "input", KindNumber: "number", KindInteger: "integer",
	KindBoolean: "confirm", KindNull: "null", KindEnum: "select", KindConst: "const",
	KindObject: "subform", KindMap: "key/value map", KindArray: "list",
	KindMultiSelect: "multi-select", KindUnion: "variant",
}

// Control names the control a shape renders as, for outlines and tests.
func (s *Shape) Control() string {
	if s.Kind == KindString && s.String.Multiline {
		return "text area"
	}
	if s.Any {
		return "any value"
	}
	return kindControls[s.Kind]
}

// Shape is the compiled, static description of one place a value can go.
// Shapes form a graph: a recursive schema points back to a shape already
// built. Values live in Nodes, which are created lazily.
type Shape struct {
	Kind        Kind
	Title       string
	Description string
	// Default and Examples are raw JSON; Default is nil when absent.
	Default  json.RawMessage
	Examples []json.RawMessage
	// Nullable means null is accepted besides the shape's own values
	// (type [T, "null"], OpenAPI nullable, anyOf with {"type": "null"}).
	Nullable   bool
	Deprecated bool
	ReadOnly   bool
	WriteOnly  bool
	// SchemaPointer locates the schema in its document; empty when the
	// shape was synthesized (merged allOf, free-form values).
	SchemaPointer string
	// Raw is the (sub)schema's text as the server wrote it.
	Raw json.RawMessage
	// Note explains a raw shape or anything else worth telling the person.
	Note string

	String  StringRules
	Number  NumberRules
	Choices []Choice
	// Const is the fixed value of a KindConst shape.
	Const json.RawMessage

	Object ObjectRules
	Array  ArrayRules

	Variants []*Variant
	// Discriminator names the property whose const value tells variants
	// apart, when there is one.
	Discriminator string
	// Any marks the open value of a free-form map or list: a union of the
	// JSON types, with raw JSON for nested values.
	Any bool

	// origin is the schema object the shape was compiled from, after $refs:
	// two shapes with one origin are the same form with different labels.
	origin *jsondoc.Value
	// constV is Const, parsed.
	constV *jsondoc.Value
}

// StringRules are the constraints of a string.
type StringRules struct {
	MinLength, MaxLength *int
	Pattern              string
	// PatternError is set when the pattern cannot be compiled; the field
	// stays usable and the pattern is not enforced.
	PatternError     string
	Format           string
	ContentMediaType string
	Multiline        bool
}

// Number is a bound or step as written in the schema, exactly, and as a
// float for comparisons.
type Number struct {
	Text  string
	Value float64
}

func newNumber(text string) *Number {
	f, _ := strconv.ParseFloat(text, 64)
	return &Number{Text: text, Value: f}
}

// NumberRules are the constraints of a number or integer. Draft-04's
// boolean exclusive bounds are normalised to the numeric form.
type NumberRules struct {
	Minimum, Maximum                   *Number
	ExclusiveMinimum, ExclusiveMaximum *Number
	MultipleOf                         *Number
	Format                             string
}

// Choice is one allowed value: the raw JSON that is sent and the label
// shown (a title from oneOf/anyOf const branches or enumNames, or the value).
type Choice struct {
	Value json.RawMessage
	Label string
	// Description comes from a titled const branch, when it has one.
	Description string

	v *jsondoc.Value // the value, parsed
}

// Property is one named field of an object.
type Property struct {
	Name     string
	Required bool
	Shape    *Shape
}

// PatternShape gives the shape of values whose key matches a pattern.
type PatternShape struct {
	Pattern string
	Shape   *Shape
}

// ObjectRules describe an object's fields and extra entries.
type ObjectRules struct {
	Properties []*Property
	// Additional is the shape of entries not named in Properties; nil when
	// additionalProperties is false. AdditionalDeclared is false when the
	// schema said nothing (JSON Schema then allows anything).
	Additional         *Shape
	AdditionalDeclared bool
	PatternProperties  []PatternShape
	PropertyNames      *Shape
	MinProperties      *int
	MaxProperties      *int
	DependentRequired  map[string][]string
}

// ArrayRules describe a list.
type ArrayRules struct {
	// Items is the shape of items after Prefix; nil when no more are allowed.
	Items       *Shape
	Prefix      []*Shape
	MinItems    *int
	MaxItems    *int
	UniqueItems bool
	Contains    *Shape
}

// Variant is one branch of a union.
type Variant struct {
	Label string
	Shape *Shape
}

// Property returns the object's property name, or nil.
func (s *Shape) Property(name string) *Property {
	for _, p := range s.Object.Properties {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// Label is what a form shows for the shape: its title, else fallback.
func (s *Shape) Label(fallback string) string {
	if s.Title != "" {
		return s.Title
	}
	return fallback
}
