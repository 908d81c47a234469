package golang

import (
	"bytes"
	"errors"
	"fmt"
	"go/token"
	"strconv"

	"github.com/dave/dst"

	"github.com/armgen/armgen/pkg/astmodel"
)

// definitionDecls renders one definition.
func (fb *fileBuilder) definitionDecls(def astmodel.Definition) ([]dst.Decl, error) {
	switch t := def.Type.(type) {
	case *astmodel.ResourceType:
		decls, err := fb.resourceDecls(def, t)
		if err != nil {
			return nil, err
		}
		conv, err := fb.resourceConversionDecls(def.Name.Name, t.IsStorageVersion)
		if err != nil {
			return nil, fmt.Errorf("resource %s: %w", def.Name.Name, err)
		}
		decls = append(decls, conv...)
		assignments, err := fb.assignmentDecl(def.Name.Name)
		if err != nil {
			return nil, err
		}
		if assignments != nil {
			decls = append(decls, assignments)
		}
		return decls, nil
	case *astmodel.ObjectType:
		// The struct, its ARM conversions and its AssignProperties methods are one piece of
		// text, in that order.
		methods := func(w *goText) error {
			if err := fb.armConversionText(w, def); err != nil {
				return err
			}
			if err := fb.assignmentText(w, def.Name.Name); err != nil {
				return fmt.Errorf("%s: %w", def.Name.Name, err)
			}
			return nil
		}
		d, err := fb.textDecl(func(w *goText) error {
			if err := fb.objectText(w, def, t); err != nil {
				return err
			}
			return methods(w)
		})
		if !errors.Is(err, errNeedsTree) {
			return []dst.Decl{d}, err
		}
		tree, err := fb.objectDecl(def, t)
		if err != nil {
			return nil, err
		}
		d, err = fb.textDecl(methods)
		if err != nil || d == nil {
			return []dst.Decl{tree}, err
		}
		return []dst.Decl{tree, d}, nil
	case astmodel.EnumType:
		return fb.enumDecls(def, t)
	case astmodel.PrimitiveType, astmodel.ArrayType, astmodel.MapType, astmodel.OptionalType, astmodel.ValidatedType:
		d, err := fb.namedTypeDecl(def)
		return []dst.Decl{d}, err
	default:
		return nil, fmt.Errorf("%s: cannot render a definition of %s", def.Name, def.Type)
	}
}

// assignmentDecl holds the place of the AssignProperties methods of the type self, nil when it
// has none.
func (fb *fileBuilder) assignmentDecl(self string) (dst.Decl, error) {
	d, err := fb.textDecl(func(w *goText) error { return fb.assignmentText(w, self) })
	if err != nil {
		return nil, fmt.Errorf("%s: %w", self, err)
	}
	return d, nil
}

// objectDecl renders an object as a struct, fields in the model's order.
func (fb *fileBuilder) objectDecl(def astmodel.Definition, obj *astmodel.ObjectType) (dst.Decl, error) {
	st := &dst.StructType{Fields: &dst.FieldList{}}
	for i, p := range obj.Properties() {
		f, err := fb.propertyField(p)
		if err != nil {
			return nil, fmt.Errorf("%s.%s: %w", def.Name.Name, p.Name, err)
		}
		// A blank line between fields keeps each field's comment visibly attached to it.
		f.Decs.Before = dst.EmptyLine
		if i == 0 {
			f.Decs.Before = dst.NewLine
		}
		st.Fields.List = append(st.Fields.List, f)
	}
	d := typeDecl(def.Name.Name, st)
	d.Decs.Start = docs(astmodel.DocLines(def.Name.Name, def.Description), astmodel.ObjectMarkers(obj))
	return d, nil
}

// propertyField renders a property as a documented, tagged struct field.
func (fb *fileBuilder) propertyField(p *astmodel.Property) (*dst.Field, error) {
	t, err := fb.typeExpr(p.Type)
	if err != nil {
		return nil, err
	}
	f := field(p.Name, t)
	f.Tag = structTag(p.JSONName+",omitempty", p.Tags)
	f.Decs.Start = docs(astmodel.DocLines(p.Name, p.Description), astmodel.PropertyMarkers(p))
	return f, nil
}

// structTag renders `json:"<json>"` followed by the extra tags, in order.
func structTag(json string, extra []astmodel.Tag) *dst.BasicLit {
	return &dst.BasicLit{Kind: token.STRING, Value: string(appendStructTag(make([]byte, 0, 16+len(json)+32*len(extra)), json, extra))}
}

// appendStructTag appends the Go literal of the tag structTag renders to b.
func appendStructTag(b []byte, json string, extra []astmodel.Tag) []byte {
	// Written straight into the literal's bytes, back quotes included: tags are on every field.
	start := len(b)
	b = append(b, "`json:"...)
	b = strconv.AppendQuote(b, json)
	for _, t := range extra {
		b = append(b, ' ')
		b = append(b, t.Key...)
		b = append(b, ':')
		b = strconv.AppendQuote(b, t.Value)
	}
	b = append(b, '`')
	if inner := b[start+1 : len(b)-1]; bytes.IndexByte(inner, '`') >= 0 {
		// A raw string cannot hold a back quote; an interpreted one reads the same to reflect.
		return strconv.AppendQuote(b[:start], string(inner))
	}
	return b
}

// namedTypeDecl renders a definition that names a primitive, slice or map. Validations on the
// definition itself apply to every use, so they are markers on the type.
func (fb *fileBuilder) namedTypeDecl(def astmodel.Definition) (dst.Decl, error) {
	t, err := fb.typeExpr(def.Type)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", def.Name.Name, err)
	}
	var markers []string
	if v, ok := astmodel.PropertyValidations(def.Type); ok {
		markers = v.Markers()
	}
	d := typeDecl(def.Name.Name, t)
	d.Decs.Start = docs(astmodel.DocLines(def.Name.Name, def.Description), markers)
	return d, nil
}
