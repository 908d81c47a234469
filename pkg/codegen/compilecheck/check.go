// Package compilecheck type-checks rendered Go packages in memory, before anything is written,
// so that the generator never reports success for code that does not compile (a duplicate case
// in a union's switch, a field named like a generated method).
//
// It is go/types over the rendered files: the generated packages are checked from their source,
// in import order; every other import (genruntime, apimachinery, the standard library) is read
// from the export data `go list -export` reports for it in the module of the working directory,
// which the go command builds once and caches. That is the type-checking half of `go build`
// without writing, compiling or linking the generated packages.
package compilecheck

import (
	"bytes"
	"context"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"maps"
	"os"
	"os/exec"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/armgen/armgen/pkg/codegen/output"
)

// Error lists the type errors of the rendered packages, each at its file and line.
type Error struct {
	Errors []string
}

// shown is how many errors the message lists.
const shown = 20

func (e *Error) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "the generated Go code does not compile (%d error(s)):", len(e.Errors))
	for i, msg := range e.Errors {
		if i == shown {
			fmt.Fprintf(&b, "\n  ... and %d more", len(e.Errors)-shown)
			break
		}
		b.WriteString("\n  " + msg)
	}
	return b.String()
}

// Check type-checks the Go packages among files (paths relative to the output folder, whose
// import path is pkgPath). Test files are left to go vet and go test. dir is where the go
// command runs to find the other imports' export data ("" for the working directory).
func Check(ctx context.Context, files output.Files, pkgPath, dir string) error {
	fset := token.NewFileSet()
	pkgs := make(map[string][]*ast.File) // import path -> files
	var order []string
	for _, p := range files.Paths() {
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, p, files[p], parser.SkipObjectResolution)
		if err != nil {
			return &Error{Errors: []string{err.Error()}}
		}
		ip := pkgPath
		if d := path.Dir(p); d != "." {
			ip += "/" + d
		}
		if _, ok := pkgs[ip]; !ok {
			order = append(order, ip)
		}
		pkgs[ip] = append(pkgs[ip], f)
	}
	if len(pkgs) == 0 {
		return nil
	}
	external := make(map[string]bool)
	for _, fs := range pkgs {
		for _, f := range fs {
			for _, imp := range f.Imports {
				ip, _ := strconv.Unquote(imp.Path.Value)
				if _, ours := pkgs[ip]; !ours && ip != "C" && ip != "unsafe" {
					external[ip] = true
				}
			}
		}
	}
	exports, err := exportData(ctx, dir, slices.Sorted(maps.Keys(external)))
	if err != nil {
		return err
	}
	c := &checker{fset: fset, sources: pkgs, done: make(map[string]*types.Package), busy: make(map[string]bool)}
	c.gc = importer.ForCompiler(fset, "gc", func(ip string) (io.ReadCloser, error) {
		file, ok := exports[ip]
		if !ok {
			return nil, fmt.Errorf("no export data for %s", ip)
		}
		return os.Open(file)
	})
	for _, ip := range order {
		if err := ctx.Err(); err != nil {
			return err
		}
		if _, err := c.Import(ip); err != nil && len(c.errs) == 0 {
			c.errs = append(c.errs, err.Error())
		}
	}
	if len(c.errs) > 0 {
		return &Error{Errors: c.errs}
	}
	return nil
}

// checker type-checks the rendered packages on demand, each once.
type checker struct {
	fset    *token.FileSet
	sources map[string][]*ast.File
	gc      types.Importer
	done    map[string]*types.Package
	busy    map[string]bool
	errs    []string
}

// Import returns a rendered package, checked from source, or another from its export data.
func (c *checker) Import(ip string) (*types.Package, error) {
	files, ours := c.sources[ip]
	if !ours {
		return c.gc.Import(ip)
	}
	if p, ok := c.done[ip]; ok {
		return p, nil
	}
	if c.busy[ip] {
		return nil, fmt.Errorf("import cycle through %s", ip)
	}
	c.busy[ip] = true
	defer delete(c.busy, ip)
	conf := types.Config{
		Importer: c,
		// Every error counts, soft ones (an unused import) too: the compiler refuses them all.
		Error: func(err error) { c.errs = append(c.errs, err.Error()) },
	}
	p, _ := conf.Check(ip, c.fset, files, nil)
	c.done[ip] = p
	return p, nil
}

// exportData asks the go command for the export data files of imports and everything they
// import.
func exportData(ctx context.Context, dir string, imports []string) (map[string]string, error) {
	out := make(map[string]string)
	if len(imports) == 0 {
		return out, nil
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		return nil, fmt.Errorf("checking that the generated code compiles needs the go command: %w", err)
	}
	args := append([]string{"list", "-export", "-deps", "-e", "-f", "{{.ImportPath}}\t{{.Export}}\t{{if .Error}}{{.Error.Err}}{{end}}"}, imports...)
	cmd := exec.CommandContext(ctx, goTool, args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list -export of the generated code's imports: %v\n%s", err, stderr.String())
	}
	var problems []string
	for line := range strings.SplitSeq(strings.TrimSpace(string(stdout)), "\n") {
		ip, rest, _ := strings.Cut(line, "\t")
		file, msg, _ := strings.Cut(rest, "\t")
		if msg != "" {
			problems = append(problems, ip+": "+msg)
			continue
		}
		out[ip] = file
	}
	if len(problems) > 0 {
		return nil, &Error{Errors: problems}
	}
	return out, nil
}
