//! One custom property's value as a typed widget: an enum a combo box of its values, a bool
//! a checkbox, a colour a colour button, an int, number or text a field checked when the
//! user leaves it (Enter or a click elsewhere) with the reason shown under it when the
//! text is no value of the type, a hex reference a label. Shared by the Properties panel,
//! the paint-property value and the type editor's defaults.

use eframe::egui::{self, RichText};
use hexmap_hex::Hex;
use hexmap_map::custom::misfit;
use hexmap_map::palette::Rgb;
use hexmap_map::{HexMap, PropKind, PropValue};

/// Read `text` as a value of `kind`, or say why it is not one (the type's own check
/// included: text length, finite numbers, enum values).
pub(crate) fn parse(kind: &PropKind, text: &str) -> Result<PropValue, String> {
    let t = text.trim();
    let value = match kind {
        PropKind::String => PropValue::String(text.to_owned()),
        PropKind::Int => PropValue::Int(
            t.parse()
                .map_err(|_| format!("\"{t}\" is not a whole number"))?,
        ),
        PropKind::Number => {
            PropValue::Number(t.parse().map_err(|_| format!("\"{t}\" is not a number"))?)
        }
        PropKind::Bool => PropValue::Bool(t == "true"),
        PropKind::Enum(_) => PropValue::Enum(t.to_owned()),
        PropKind::Colour | PropKind::Hex => return Err("not typed as text".to_owned()),
    };
    match misfit(kind, &value) {
        Some(problem) => Err(problem),
        None => Ok(value),
    }
}

/// The text a field shows for `value` (`None`: the objects differ, the field is empty).
fn text_of(value: Option<&PropValue>) -> String {
    value.map(ToString::to_string).unwrap_or_default()
}

/// A hex reference as a person reads it: the map's own label for the hex and its cube
/// coordinates.
pub(crate) fn hex_text(map: &HexMap, h: Hex) -> String {
    format!("{} (q {}, r {})", map.hex_label(h), h.q, h.r)
}

/// Show the value widget for a property of `kind` labelled `name`, showing `value`
/// (`None`: the objects shown differ). Returns the new value when the user changes it.
/// `id` keeps a text field's draft and error apart from every other field's.
pub(crate) fn value_field(
    ui: &mut egui::Ui,
    id: egui::Id,
    (name, kind): (&str, &PropKind),
    value: Option<&PropValue>,
    map: &HexMap,
) -> Option<PropValue> {
    let mut out = None;
    ui.horizontal(|ui| {
        let label = ui.label(name);
        match kind {
            PropKind::Enum(values) => {
                let shown = value.map_or("(differ)".to_owned(), ToString::to_string);
                egui::ComboBox::from_id_salt(id)
                    .selected_text(shown)
                    .show_ui(ui, |ui| {
                        for v in values {
                            let on = value.is_some_and(|c| c.to_string() == *v);
                            if ui.selectable_label(on, v.as_str()).clicked() && !on {
                                out = Some(PropValue::Enum(v.clone()));
                            }
                        }
                    })
                    .response
                    .labelled_by(label.id);
            }
            PropKind::Bool => {
                let mut on = matches!(value, Some(PropValue::Bool(true)));
                if ui.checkbox(&mut on, "").labelled_by(label.id).changed() {
                    out = Some(PropValue::Bool(on));
                }
            }
            PropKind::Colour => {
                let Rgb([r, g, b]) = match value {
                    Some(PropValue::Colour(c)) => *c,
                    _ => Rgb([0, 0, 0]),
                };
                let mut rgb = [r, g, b];
                if ui
                    .color_edit_button_srgb(&mut rgb)
                    .labelled_by(label.id)
                    .changed()
                {
                    out = Some(PropValue::Colour(Rgb(rgb)));
                }
            }
            PropKind::Hex => {
                let text = match value {
                    Some(PropValue::Hex(h)) => hex_text(map, *h),
                    _ => "(differ)".to_owned(),
                };
                ui.label(text);
            }
            PropKind::String | PropKind::Int | PropKind::Number => {
                out = text_field(ui, id, kind, value, label.id);
            }
        }
    });
    // A text the type refused, said under its field until the field is left again.
    if let Some(error) = ui.data(|d| d.get_temp::<String>(id.with("error"))) {
        ui.label(RichText::new(error).color(ui.visuals().error_fg_color));
    }
    out
}

/// A text field for an int, number or text, checked when the user leaves it.
fn text_field(
    ui: &mut egui::Ui,
    id: egui::Id,
    kind: &PropKind,
    value: Option<&PropValue>,
    label: egui::Id,
) -> Option<PropValue> {
    let error_id = id.with("error");
    let refused = ui.data(|d| d.get_temp::<String>(error_id)).is_some();
    let text = committed_text(ui, id, &text_of(value), label, refused)?;
    match parse(kind, &text) {
        Ok(v) => {
            ui.data_mut(|d| d.remove::<String>(error_id));
            (Some(&v) != value).then_some(v)
        }
        Err(e) => {
            ui.data_mut(|d| d.insert_temp(error_id, e));
            None
        }
    }
}

/// A one-line text field showing `shown` (it follows the map: an undo, another object)
/// unless the user is typing in it or `hold` keeps a refused text; the text when the user
/// leaves it (Enter or a click elsewhere). `label` names the field.
pub(crate) fn committed_text(
    ui: &mut egui::Ui,
    id: egui::Id,
    shown: &str,
    label: egui::Id,
    hold: bool,
) -> Option<String> {
    let draft_id = id.with("draft");
    let focused = ui.memory(|m| m.has_focus(id));
    let mut draft = match ui.data(|d| d.get_temp::<String>(draft_id)) {
        Some(d) if focused || hold => d,
        _ => shown.to_owned(),
    };
    let response = ui
        .add(
            egui::TextEdit::singleline(&mut draft)
                .id(id)
                .desired_width(110.0),
        )
        .labelled_by(label);
    let left = response.lost_focus().then(|| draft.clone());
    ui.data_mut(|d| d.insert_temp(draft_id, draft));
    left
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_are_read_as_their_kind_or_refused_with_the_reason() {
        assert_eq!(parse(&PropKind::Int, " 12 "), Ok(PropValue::Int(12)));
        assert_eq!(
            parse(&PropKind::Int, "1.5"),
            Err("\"1.5\" is not a whole number".to_owned())
        );
        assert_eq!(parse(&PropKind::Number, "2.5"), Ok(PropValue::Number(2.5)));
        assert_eq!(
            parse(&PropKind::Number, "inf"),
            Err("inf is not a finite number".to_owned())
        );
        assert_eq!(
            parse(&PropKind::String, "a b"),
            Ok(PropValue::String("a b".into()))
        );
        assert!(parse(&PropKind::String, &"x".repeat(1001)).is_err());
    }
}
