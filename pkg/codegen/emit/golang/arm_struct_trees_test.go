package golang

// The syntax trees that wire type structs were built as before they were written as text
// (armStructText). Kept here, unchanged but for the name, as the oracle
// TestARMStructTextMatchesTrees holds the text to.

import (
	"fmt"

	"github.com/dave/dst"

	"github.com/armgen/armgen/pkg/astmodel"
)

// treeARMStruct builds the struct of a wire type.
func (fb *fileBuilder) treeARMStruct(def astmodel.Definition, obj *astmodel.ObjectType) (dst.Decl, error) {
	st := &dst.StructType{Fields: &dst.FieldList{}}
	for _, p := range obj.Properties() {
		t, err := fb.typeExpr(p.Type)
		if err != nil {
			return nil, fmt.Errorf("%s.%s: %w", def.Name.Name, p.Name, err)
		}
		f := field(p.Name, t)
		f.Tag = structTag(p.JSONName+",omitempty", nil)
		if p.ExtraKeys {
			f.Tag = structTag("-", nil) // inline: see extraKeysJSON
		}
		f.Decs.Before = dst.NewLine
		st.Fields.List = append(st.Fields.List, f)
	}
	d := typeDecl(def.Name.Name, st)
	d.Decs.Start = docs([]string{fmt.Sprintf("%s is the wire shape of %s.", def.Name.Name, def.Name.Name)})
	return d, nil
}
