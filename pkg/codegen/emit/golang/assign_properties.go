package golang

import (
	"fmt"
	"strconv"
	"unicode"

	"github.com/armgen/armgen/pkg/astmodel"
)

// Packages conversion code uses.
var (
	fmtPackage        = astmodel.MakeExternalPackage("fmt", "fmt")
	slicesPackage     = astmodel.MakeExternalPackage("slices", "slices")
	mapsPackage       = astmodel.MakeExternalPackage("maps", "maps")
	conversionPackage = astmodel.MakeExternalPackage("sigs.k8s.io/controller-runtime/pkg/conversion", "conversion")
)

// Names used inside conversion methods. Local variables are named after properties plus a
// suffix (skuValue, tagsMap), so none can be a keyword, a package name or one of these.
const (
	sourceParam      = "source"
	destinationParam = "destination"
	hubParam         = "hub"
	bagVar           = "propertyBag"
)

// assignmentText writes the AssignProperties methods planned for a type.
//
// Like the ARM conversions (see armConversionText), they are a large family of mechanical code,
// written as text; TestAssignmentTextMatchesTrees holds them to what the syntax trees they
// replaced printed.
func (fb *fileBuilder) assignmentText(w *goText, self string) error {
	for _, a := range fb.conv.Of(fb.pkg.TypeName(self)) {
		if err := fb.assignMethod(w, a, true); err != nil {
			return fmt.Errorf("%s: %w", a.FromMethod, err)
		}
		if err := fb.assignMethod(w, a, false); err != nil {
			return fmt.Errorf("%s: %w", a.ToMethod, err)
		}
	}
	return nil
}

// assignMethod writes Self.AssignProperties_From_X(source *X) (fromOther) or
// Self.AssignProperties_To_X(destination *X).
func (fb *fileBuilder) assignMethod(w *goText, a *astmodel.PropertyAssignment, fromOther bool) error {
	self := a.Self.Name
	recv := receiverName(self)
	other := fb.qualifiedText(a.Other.Package, a.Other.Name)
	c := &converter{fb: fb}

	var src, dstRoot string
	var name, param, doc string
	var srcBag, dstBag string
	if fromOther {
		name, param = a.FromMethod, sourceParam
		src, dstRoot = sourceParam, recv
		srcBag, dstBag = a.OtherBag, a.SelfBag
		doc = fmt.Sprintf("%s populates the receiver from source, a %s.", name, a.Other)
	} else {
		name, param = a.ToMethod, destinationParam
		src, dstRoot = recv, destinationParam
		srcBag, dstBag = a.SelfBag, a.OtherBag
		doc = fmt.Sprintf("%s populates destination, a %s, from the receiver.", name, a.Other)
	}

	var body []stmt
	if a.Resource {
		body = append(body, assignStmt(dstRoot+".ObjectMeta", derefText(src+".ObjectMeta.DeepCopy()")))
	}
	useBag := dstBag != "" && srcBag != ""
	if useBag {
		body = append(body, defineStmt(bagVar, callText(fb.qualifiedText(astmodel.GenRuntimePackage, "NewPropertyBag"), src+"."+srcBag)))
	}
	prevBlock := true
	for _, step := range a.Steps {
		srcProp, dstProp, vc := step.Other, step.Self, step.From
		if !fromOther {
			srcProp, dstProp, vc = step.Self, step.Other, step.To
		}
		var stmts []stmt
		var err error
		switch {
		case vc != nil:
			c.what = step.Name()
			stmts, err = c.convert(vc, src+"."+srcProp.Name, dstRoot+"."+dstProp.Name, localBase(dstProp.Name))
		case !useBag:
			err = fmt.Errorf("%s has no counterpart and there is no property bag to keep it", step.Name())
		default:
			if dstProp != nil {
				stmts = append(stmts, c.pull(dstProp, dstRoot+"."+dstProp.Name)...)
			}
			if srcProp != nil {
				stmts = append(stmts, c.add(srcProp, src+"."+srcProp.Name)...)
			}
		}
		if err != nil {
			return fmt.Errorf("%s: %w", step.Name(), err)
		}
		if len(stmts) == 0 {
			continue
		}
		// A plain assignment speaks for itself; a block, a rename or a trip through the bag
		// stands apart, the latter two with a word of explanation.
		var comment string
		switch {
		case vc == nil && dstProp != nil && srcProp != nil:
			comment = fmt.Sprintf("// %s: the types differ, so each side's value waits in the property bag of the other", step.Name())
		case vc == nil && dstProp != nil:
			comment = fmt.Sprintf("// %s: the source has no such property; its value may wait in the property bag", dstProp.Name)
		case vc == nil:
			comment = fmt.Sprintf("// %s: the destination has no such property; the value waits in the property bag", srcProp.Name)
		case step.Self.Name != step.Other.Name:
			comment = fmt.Sprintf("// %s is called %s in %s", step.Self.Name, step.Other.Name, a.Other.Package.Version)
		}
		simple := !stmts[0].block && stmts[0].assigns
		block := len(stmts) > 1 || !simple
		if comment != "" || block || prevBlock {
			stmts[0].blank = true
		}
		if comment != "" {
			stmts[0].comments = append(stmts[0].comments, comment)
		}
		prevBlock = block || comment != ""
		body = append(body, stmts...)
	}
	if a.Resource && !fromOther && a.OriginalVersion != "" {
		set := assignStmt(dstRoot+".Spec."+astmodel.OriginalVersionName, strconv.Quote(a.OriginalVersion))
		set.comments = []string{"// The operator talks to Azure with the api-version of the version the user wrote."}
		set.blank = true
		body = append(body, set)
	}
	if dstBag != "" {
		target := dstRoot + "." + dstBag
		var keep stmt
		if useBag {
			keep = ifBlock("len("+bagVar+") > 0", assignStmt(target, bagVar))
			keep.elseBody = []stmt{assignStmt(target, "nil")}
			keep.comments = []string{"// What has no field of its own stays in the property bag."}
		} else {
			keep = assignStmt(target, "nil")
			keep.comments = []string{"// The source has no property bag, and every property found a field."}
		}
		keep.blank = true
		body = append(body, keep)
	}
	ret := simpleStmt("return nil")
	ret.blank = true
	body = append(body, ret)
	// The body's first statement opens it: no blank line above it.
	body[0].blank = false

	w.decl(doc)
	w.open("func (%s *%s) %s(%s *%s) error", recv, self, name, param, other)
	w.stmts(body)
	w.close()
	return nil
}

// localBase is the stem of the local variables that convert a property: its name with a lower
// case initial (Sku -> sku).
func localBase(prop string) string {
	r := []rune(prop)
	r[0] = unicode.ToLower(r[0])
	return string(r)
}
