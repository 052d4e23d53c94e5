package schemaform

import (
	"os"
	"strings"
	"testing"
)

func benchSchema(b *testing.B, file string) []byte {
	b.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		b.Fatal(err)
	}
	return data
}

// refChain20 is a schema whose root reaches its object through 20 $refs.
func refChain20() []byte {
	var s strings.Builder
	s.WriteString(`{"$ref":"#/$defs/d0","$defs":{`)
	for i := 0; i < 20; i++ {
		s.WriteString(`"d` + itoa(i) + `":{"$ref":"#/$defs/d` + itoa(i+1) + `"},`)
	}
	s.WriteString(`"d20":{"type":"object","properties":{"name":{"type":"string","minLength":1}},"required":["name"]}}}`)
	return []byte(s.String())
}

// lean1000 is a 1,000-property schema with no descriptions: the least a
// schema of that width can be (25 KB against wide1000's 186 KB).
func lean1000() []byte {
	kinds := []string{`{"type":"string"}`, `{"type":"integer","minimum":0}`, `{"type":"boolean"}`,
		`{"enum":["a","b","c"]}`, `{"type":"array","items":{"type":"string"}}`}
	var s strings.Builder
	s.WriteString(`{"type":"object","properties":{`)
	for i := 0; i < 1000; i++ {
		if i > 0 {
			s.WriteByte(',')
		}
		s.WriteString(`"p` + itoa(i) + `":` + kinds[i%len(kinds)])
	}
	s.WriteString(`},"required":["p0","p1","p2"]}`)
	return []byte(s.String())
}

// BenchmarkCompileExampleValidate is the work a form does when a tool is
// opened and filled with an example: compile, generate, load, validate.
func BenchmarkCompileExampleValidate(b *testing.B) {
	cases := map[string][]byte{
		"wide1000":   benchSchema(b, "testdata/shapes/wide1000.json"),
		"lean1000":   lean1000(),
		"refchain20": refChain20(),
		"deep50":     benchSchema(b, "testdata/shapes/deep50.json"),
	}
	for name, schema := range cases {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				f, err := Compile(schema)
				if err != nil {
					b.Fatal(err)
				}
				f.FillExample(Full)
				if issues, err := f.Validate(); err != nil || len(issues) > 0 {
					b.Fatalf("%v %v", err, issues)
				}
			}
		})
	}
}

// BenchmarkCompile measures compiling alone.
func BenchmarkCompile(b *testing.B) {
	schema := benchSchema(b, "testdata/shapes/wide1000.json")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Compile(schema); err != nil {
			b.Fatal(err)
		}
	}
}
