package golang

import (
	"bytes"
	"go/format"
	"testing"

	"github.com/dave/dst"
	"github.com/google/go-cmp/cmp"

	"github.com/armgen/armgen/pkg/astmodel"
)

// declsOf builds, in a file builder, the declarations a text-versus-trees test compares.
type declsOf func(fb *fileBuilder) ([]dst.Decl, error)

// oneDecl is decl as a declsOf.
func oneDecl(decl func(fb *fileBuilder) (dst.Decl, error)) declsOf {
	return func(fb *fileBuilder) ([]dst.Decl, error) {
		d, err := decl(fb)
		return []dst.Decl{d}, err
	}
}

// renderBetweenTrees prints decls in a file of n's package between two declarations still built
// as trees, as in a types file, so that the text's joins to its neighbours are compared too.
func renderBetweenTrees(t *testing.T, defs astmodel.Definitions, n astmodel.TypeName, printer Printer, decls declsOf) []byte {
	t.Helper()
	fb := newFileBuilder(defs, n.Package)
	fb.printer = printer
	before, err := fb.namedTypeDecl(astmodel.Definition{Name: n.WithName("Before"), Type: astmodel.StringType})
	if err != nil {
		t.Fatal(err)
	}
	ds, err := decls(fb)
	if err != nil {
		t.Fatalf("%s: %v", n.Name, err)
	}
	after, err := fb.namedTypeDecl(astmodel.Definition{Name: n.WithName("After"), Type: astmodel.StringType})
	if err != nil {
		t.Fatal(err)
	}
	out, err := fb.render(n.Package.Name, append(append([]dst.Decl{before}, ds...), after), nil)
	if err != nil {
		t.Fatalf("%s: %v", n.Name, err)
	}
	return out
}

// checkTextMatchesTrees holds what text prints, through either printer, to what the trees it
// replaced print with go/printer, and to gofmt's layout.
func checkTextMatchesTrees(t *testing.T, name string, render func(Printer, declsOf) []byte, text, trees declsOf) {
	t.Helper()
	want := render(PrintGo, trees)
	for _, printer := range []Printer{PrintDirectOnly, PrintGo} {
		if got := render(printer, text); !bytes.Equal(got, want) {
			t.Errorf("%s, printed with %s: the text differs from the trees (-trees +text):\n%s", name, printer, cmp.Diff(string(want), string(got)))
		}
	}
	got := render(PrintDirectOnly, text)
	if testing.Verbose() {
		t.Logf("%s", got)
	}
	formatted, err := format.Source(got)
	if err != nil {
		t.Errorf("%s does not parse: %v\n%s", name, err, got)
	} else if !bytes.Equal(formatted, got) {
		t.Errorf("%s is not gofmt's layout (-text +gofmt):\n%s", name, cmp.Diff(string(got), string(formatted)))
	}
}
