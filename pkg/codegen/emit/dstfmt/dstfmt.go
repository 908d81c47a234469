// Package dstfmt prints a dst file as gofmt lays it out: byte for byte what restoring it with
// dst's restorer and printing the result with go/printer (gofmt's settings) gives, without
// building the go/ast copy, the position table and the tabwriter pass that way needs. That way
// is most of the generator's time on the whole corpus.
//
// It knows the forms the generator builds: declarations with doc comments, struct types,
// function bodies of the usual statements, composite literals written on one line or one
// element per line. Anything else is ErrUnsupported, and the caller takes the long way; the
// tests hold both ways to the same bytes.
package dstfmt

import (
	"errors"
	"fmt"
	"go/token"
	"slices"
	"strings"
	"sync"

	"github.com/dave/dst"
)

// ErrUnsupported reports a construct this printer does not lay out.
var ErrUnsupported = errors.New("dstfmt: unsupported construct")

// unsupported wraps ErrUnsupported with what was met, for whoever extends the printer.
func unsupported(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrUnsupported, fmt.Sprintf(format, args...))
}

// Resolver names the packages a file refers to by import path: the name code uses, and whether
// the import spells that name out (an alias), as the restorer's resolver and alias map do.
type Resolver func(path string) (name string, alias bool, err error)

// File prints f, a file of the package with import path self. Identifiers with a Path are
// qualified with the resolver's name for that path and imported, as the restorer does.
func File(f *dst.File, self string, resolve Resolver) ([]byte, error) {
	scratch := bodyBuffers.Get().(*[]byte)
	defer bodyBuffers.Put(scratch)
	p := &printer{out: (*scratch)[:0], self: self, resolve: resolve, names: make(map[string]string), lastOpEnd: -1}
	err := p.decls(f.Decls)
	// Whatever the buffer grew to serves the next file.
	*scratch = p.out[:0]
	if err != nil {
		return nil, err
	}
	body := p.out

	// The imports are known once the declarations are printed: the header goes in front, and
	// the file is the one copy made at its final size.
	p.out = make([]byte, 0, 1024)
	if err := p.fileHeader(f); err != nil {
		return nil, err
	}
	if err := p.imports(); err != nil {
		return nil, err
	}
	out := make([]byte, len(p.out)+len(body))
	copy(out[copy(out, p.out):], body)
	return out, p.err
}

// bodyBuffers hold the buffers declarations are printed into before the header is known.
// Grown anew for every file, they were most of the bytes the printer allocated (a file's size
// over again in doublings); reused, they stop at the largest file a worker prints.
var bodyBuffers = sync.Pool{New: func() any { return new([]byte) }}

// printer holds the output and what printing it needs to know.
type printer struct {
	out    []byte
	indent int
	self   string
	// resolve and names: the package names of import paths, resolved once each.
	resolve Resolver
	names   map[string]string
	aliased []string
	err     error
	// lastOp is the last operator written, and lastOpEnd where it ended (-1 for none): an
	// operator right after it may need a blank (see op).
	lastOp    token.Token
	lastOpEnd int
}

// fileHeader writes the comments above the package clause and the clause itself.
func (p *printer) fileHeader(f *dst.File) error {
	if f.Decs.Package != nil || f.Decs.Name != nil || f.Decs.End != nil {
		return unsupported("file decorations")
	}
	// The comments are written as they are (see comments.go), a run of blank lines as one.
	blank := false
	for _, c := range f.Decs.Start {
		if c == "\n" {
			blank = true
			continue
		}
		if !strings.HasPrefix(c, "//") || strings.ContainsAny(c, "\n\f\v\xff") || buildLine(c) {
			return unsupported("comment %q", c)
		}
		if blank && len(p.out) > 0 {
			p.newline()
		}
		blank = false
		p.comment(c)
	}
	if blank && len(p.out) > 0 {
		p.newline()
	}
	p.out = append(p.out, "package "...)
	p.out = append(p.out, f.Name.Name...)
	p.out = append(p.out, '\n')
	return nil
}

// imports writes the import declaration of every package the declarations named: sorted with
// the standard library first, a blank line before the first path with a dot, as the restorer
// arranges them.
func (p *printer) imports() error {
	if len(p.names) == 0 {
		return nil
	}
	paths := make([]string, 0, len(p.names))
	for path := range p.names {
		paths = append(paths, path)
	}
	slices.SortFunc(paths, func(a, b string) int {
		if ad, bd := strings.Contains(a, "."), strings.Contains(b, "."); ad != bd {
			if bd {
				return -1
			}
			return 1
		}
		return strings.Compare(a, b)
	})
	// Two packages of one name would be renamed by the restorer; the generator never asks for
	// that, so it is left to the long way.
	seen := make(map[string]bool, len(paths))
	for _, path := range paths {
		if seen[p.names[path]] {
			return unsupported("two imports named %s", p.names[path])
		}
		seen[p.names[path]] = true
	}
	spec := func(path string) {
		if slices.Contains(p.aliased, path) {
			p.out = append(p.out, p.names[path]...)
			p.out = append(p.out, ' ')
		}
		p.out = append(p.out, '"')
		p.out = append(p.out, path...)
		p.out = append(p.out, '"')
	}
	p.out = append(p.out, "\nimport "...)
	if len(paths) == 1 {
		spec(paths[0])
		p.out = append(p.out, '\n')
		return nil
	}
	p.out = append(p.out, "(\n"...)
	// Aliases align in a column only when two specs on adjacent lines both have one; the
	// restorer's specs have no alignment cells (an import spec is "name path"), so none.
	domain := false
	for _, path := range paths {
		if strings.Contains(path, ".") && !domain {
			domain = true
			if path != paths[0] {
				p.out = append(p.out, '\n')
			}
		}
		p.out = append(p.out, '\t')
		spec(path)
		p.out = append(p.out, '\n')
	}
	p.out = append(p.out, ")\n"...)
	return nil
}

// packageName is the name code uses for the package at path.
func (p *printer) packageName(path string) string {
	if name, ok := p.names[path]; ok {
		return name
	}
	name, alias, err := p.resolve(path)
	if err != nil {
		if p.err == nil {
			p.err = fmt.Errorf("could not resolve package %s: %w", path, err)
		}
		name = "_"
	}
	p.names[path] = name
	if alias {
		p.aliased = append(p.aliased, path)
	}
	return name
}

// Output helpers. Lines are written whole: newline ends one, tabs start the next.

func (p *printer) newline() { p.out = append(p.out, '\n') }

func (p *printer) tabs() {
	for range p.indent {
		p.out = append(p.out, '\t')
	}
}

func (p *printer) str(s string) { p.out = append(p.out, s...) }

// comment writes a // comment on a line of its own, without trailing white space as the
// printer does.
func (p *printer) comment(c string) {
	p.tabs()
	p.out = append(p.out, trimRight(c)...)
	p.newline()
}

// text returns what print writes, taking it out of the output.
func (p *printer) text(print func() error) (string, error) {
	start := len(p.out)
	err := print()
	s := string(p.out[start:])
	p.out = p.out[:start]
	// An operator that ended the text is no longer at the end of the output.
	p.lastOpEnd = -1
	return s, err
}

// endsLine reports whether the output ends a line: printed text spans lines iff it holds a
// newline.
func spansLines(s string) bool { return strings.IndexByte(s, '\n') >= 0 }
