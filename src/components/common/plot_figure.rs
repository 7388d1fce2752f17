//! A plot on the page: the SVG that `plots` drew, a text alternative for screen readers, the
//! readable data table next to it (children), and downloads as SVG and PNG (the PNG is the same
//! SVG drawn onto a canvas in the browser).

use crate::files;
use crate::i18n::{td_string, Locale};
use crate::plots::Palette;
use crate::tr;
use crate::words::Words;
use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// The page's colour scheme (dark when the system prefers it), provided once by the app.
#[derive(Clone, Copy)]
pub struct ColorScheme(pub Signal<bool>);

/// Follows `prefers-color-scheme`; call once (the listener lives as long as the page).
pub fn watch_color_scheme() -> ColorScheme {
    let query = web_sys::window()
        .and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten());
    let dark = RwSignal::new(query.as_ref().is_some_and(|q| q.matches()));
    if let Some(q) = query {
        let q2 = q.clone();
        let on_change = Closure::<dyn Fn()>::new(move || dark.set(q2.matches()));
        let _ = q.add_event_listener_with_callback("change", on_change.as_ref().unchecked_ref());
        on_change.forget();
    }
    ColorScheme(dark.into())
}

/// The palette for the current scheme (light when no scheme is provided, e.g. in a test).
pub fn use_palette() -> Signal<Palette> {
    let scheme = use_context::<ColorScheme>();
    Signal::derive(move || Palette::for_scheme(scheme.is_some_and(|s| s.0.get())))
}

/// Why a download did not happen, worded when drawn (so it follows a change of language).
#[derive(Clone, Debug, PartialEq)]
enum DownloadProblem {
    /// The browser refused, with its own message.
    Browser(files::BrowserError),
    /// The canvas the PNG is drawn on could not be made or gave no image.
    Canvas,
}

impl DownloadProblem {
    fn text(&self, l: Locale) -> String {
        match self {
            DownloadProblem::Browser(error) => td_string!(
                l,
                sensitivity.figure.download_failed,
                error = error.words(l)
            )
            .to_string(),
            DownloadProblem::Canvas => td_string!(l, sensitivity.figure.download_no_image).into(),
        }
    }
}

#[component]
pub fn PlotFigure(
    /// The heading of the figure (in the reader's language).
    #[prop(into)]
    title: Signal<String>,
    /// `data-testid` of the element that holds the drawn SVG.
    testid: &'static str,
    /// The SVG text (from `plots`).
    #[prop(into)]
    svg: Signal<String>,
    /// SVG elements drawn over the plot (the current k), cheap to redraw; in the same
    /// coordinates as `svg` ([`crate::plots::SIZE`]).
    #[prop(optional, into)]
    overlay: Option<Signal<String>>,
    /// What the plot shows, in words (its text alternative).
    #[prop(into)]
    description: Signal<String>,
    /// File name without extension for the downloads.
    #[prop(into)]
    file_stem: Signal<String>,
    /// The data table (and anything else shown next to the plot).
    children: Children,
) -> impl IntoView {
    let lang = crate::lang::use_lang();
    let status = RwSignal::new(None::<DownloadProblem>);
    let heading = format!("{testid}-title");
    let heading2 = heading.clone();
    let desc_id = format!("{testid}-desc");
    let overlay = overlay.unwrap_or_else(|| Signal::derive(String::new));
    // What the user sees, as one SVG: the plot with its overlay.
    let whole = move || crate::plots::with_overlay(&svg.get_untracked(), &overlay.get_untracked());
    let download_svg = move |_| {
        let name = format!("{}.svg", file_stem.get_untracked());
        status.set(
            files::download(&name, "image/svg+xml", &whole())
                .err()
                .map(DownloadProblem::Browser),
        );
    };
    let download_png = move |_| {
        let name = format!("{}.png", file_stem.get_untracked());
        if let Err(e) = svg_to_png(&whole(), name, status) {
            status.set(Some(e));
        }
    };
    view! {
        <figure class="plot panel" aria-labelledby=heading.clone()>
            <figcaption>
                <h3 id=heading.clone()>{move || title.get()}</h3>
                <p id=desc_id.clone() class="muted plot-description">{move || description.get()}</p>
            </figcaption>
            <div class="plot-layout">
                <div
                    class="plot-svg"
                    data-testid=testid
                    role="img"
                    aria-label=move || {
                        let (title, description) = (title.get(), description.get());
                        td_string!(lang.get(), sensitivity.figure.aria, title, description).to_string()
                    }
                >
                    <div class="plot-base" inner_html=move || svg.get()></div>
                    <svg
                        class="plot-overlay"
                        viewBox=format!("0 0 {} {}", crate::plots::SIZE.0, crate::plots::SIZE.1)
                        aria-hidden="true"
                        inner_html=move || overlay.get()
                    ></svg>
                </div>
                <div class="plot-data">{children()}</div>
            </div>
            <div class="plot-downloads" role="group" aria-labelledby=heading2>
                <button type="button" data-testid=format!("{testid}-svg") on:click=download_svg>
                    {tr!(sensitivity.figure.download_svg)}
                    <span class="visually-hidden">{move || format!(": {}", title.get())}</span>
                </button>
                <button type="button" data-testid=format!("{testid}-png") on:click=download_png>
                    {tr!(sensitivity.figure.download_png)}
                    <span class="visually-hidden">{move || format!(": {}", title.get())}</span>
                </button>
                <span class="status" role="status">
                    {move || status.get().map(|p| p.text(lang.get())).unwrap_or_default()}
                </span>
            </div>
        </figure>
    }
}

/// Draws `svg` onto a canvas (at twice its size) and offers the canvas as a PNG download.
fn svg_to_png(
    svg: &str,
    file_name: String,
    status: RwSignal<Option<DownloadProblem>>,
) -> Result<(), DownloadProblem> {
    let err = |e: wasm_bindgen::JsValue| DownloadProblem::Browser(files::BrowserError::of(&e));
    let (w, h) = svg_size(svg).unwrap_or(crate::plots::SIZE);
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(svg));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("image/svg+xml");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(err)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(err)?;
    let image = web_sys::HtmlImageElement::new().map_err(err)?;
    let img = image.clone();
    let src = url.clone();
    let on_load = Closure::once(move || {
        let _ = web_sys::Url::revoke_object_url(&src);
        let result = (|| -> Result<(), DownloadProblem> {
            let document = web_sys::window()
                .and_then(|w| w.document())
                .ok_or(DownloadProblem::Canvas)?;
            let canvas: web_sys::HtmlCanvasElement = document
                .create_element("canvas")
                .map_err(err)?
                .unchecked_into();
            let scale = 2;
            canvas.set_width(w * scale);
            canvas.set_height(h * scale);
            let ctx: web_sys::CanvasRenderingContext2d = canvas
                .get_context("2d")
                .map_err(err)?
                .ok_or(DownloadProblem::Canvas)?
                .unchecked_into();
            ctx.scale(f64::from(scale), f64::from(scale)).map_err(err)?;
            ctx.draw_image_with_html_image_element_and_dw_and_dh(
                &img,
                0.0,
                0.0,
                f64::from(w),
                f64::from(h),
            )
            .map_err(err)?;
            let on_blob = Closure::once(move |blob: Option<web_sys::Blob>| match blob {
                Some(b) => {
                    if let Err(e) = files::download_blob(&file_name, &b) {
                        status.set(Some(DownloadProblem::Browser(e)));
                    }
                }
                None => status.set(Some(DownloadProblem::Canvas)),
            });
            canvas
                .to_blob_with_type(on_blob.as_ref().unchecked_ref(), "image/png")
                .map_err(err)?;
            on_blob.forget();
            Ok(())
        })();
        if let Err(e) = result {
            status.set(Some(e));
        }
    });
    image.set_onload(Some(on_load.as_ref().unchecked_ref()));
    on_load.forget();
    image.set_src(&url);
    Ok(())
}

/// The width and height attributes of an SVG's root element.
fn svg_size(svg: &str) -> Option<(u32, u32)> {
    let head = &svg[..svg.find('>')?];
    let attr = |name: &str| -> Option<u32> {
        let start = head.find(&format!("{name}=\""))? + name.len() + 2;
        let rest = &head[start..];
        rest[..rest.find('"')?].parse().ok()
    };
    Some((attr("width")?, attr("height")?))
}

#[cfg(test)]
mod tests {
    #[test]
    fn reads_the_svg_size() {
        assert_eq!(
            super::svg_size("<svg width=\"720\" height=\"400\" viewBox=\"0 0 720 400\">"),
            Some((720, 400))
        );
        assert_eq!(super::svg_size("<svg>"), None);
    }
}
