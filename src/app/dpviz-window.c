/* dpviz-window.c — the main window: view switcher, controls, plot, read-outs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Actions and accelerators (the shortcuts window, ui/gtk/help-overlay.ui, lists these):
 *
 *   Section "General"
 *     app.open-lesson            <Primary>o          Open a lesson file…
 *     win.save-lesson            <Primary>s          Save the current state as a lesson…
 *     win.export                 <Primary>e          Export the figure (PNG, SVG, PDF)…
 *     win.copy-figure            <Primary><Shift>c   Copy the figure as an image
 *                                (<Primary>c also copies the figure while the plot has focus)
 *     win.copy-readouts          <Primary><Shift>n   Copy the numbers (read-outs) as text
 *     win.show-help-overlay      <Primary>question   Keyboard shortcuts
 *     app.about                  (menu only)         About DPViz
 *     win.close                  <Primary>w          Close the window
 *     app.quit                   <Primary>q          Quit
 *
 *   Section "Views"
 *     win.view::densities        <Alt>1              Mechanism densities
 *     win.view::regions          <Alt>2              Privacy-loss regions
 *     win.view::kl               <Alt>3              KL divergence
 *     win.view::composition      <Alt>4              Composition
 *     win.explain                F1                  What am I looking at? (show/hide)
 *     win.toggle-controls        F9                  Show/hide the control panel
 *
 *   Section "Parameters"
 *     win.mechanism::laplace     <Primary>1          Laplace mechanism
 *     win.mechanism::gaussian    <Primary>2          Gaussian mechanism
 *     win.mechanism::rr          <Primary>3          Randomized response
 *     (sliders: Left/Right or Up/Down small steps, Page Up/Down large steps, Home/End ends;
 *      typing a number in the entry and pressing Enter sets it exactly)
 *
 *   Section "Presentation"
 *     win.fullscreen             F11                 Fullscreen (presentation mode)
 *     win.zoom-in                <Primary>plus       Larger plot text
 *     win.zoom-out               <Primary>minus      Smaller plot text
 *     win.zoom-reset             <Primary>0          Normal plot text
 *     win.animate                <Primary>p          Play/pause the parameter sweep
 *     win.animate-parameter      (menu/drop-down)    Parameter to sweep: 'epsilon' 'delta'
 *                                                    'sensitivity' 'k'
 *
 *   Section "Lessons"
 *     win.lesson-next            <Primary>Page_Down  Next lesson step (also Page_Down when no
 *                                                    slider has focus, for presenter remotes)
 *     win.lesson-previous        <Primary>Page_Up    Previous lesson step (also Page_Up)
 */
#include "config.h"
